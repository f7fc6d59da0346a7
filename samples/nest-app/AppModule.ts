/**
 * The support desk application: three providers with tools that depend on each other through
 * DI (refunds → orders → customers), the toolwright module configured from the refund policy
 * and the approval store (big refunds pause until a supervisor decides), an export that runs as
 * a durable job when Redis is there (`exports/`), the chat endpoint and the supervisors'
 * approval endpoint.
 */
import { Module } from '@nestjs/common';
import type { ApprovalStore } from 'toolwright';
import { ToolwrightModule } from 'toolwright/nest';
import { SAMPLE_MODEL } from '../model';
import { manifest } from '../tools.manifest';
import { ApprovalsController } from './approvals/ApprovalsController';
import { APPROVAL_TTL_SECONDS, ApprovalsModule } from './approvals/ApprovalsModule';
import { supervisorTokenProvider } from './approvals/SupervisorGuard';
import { APPROVAL_STORE } from './approvals/tokens';
import { ChatController } from './chat/ChatController';
import { CustomersService } from './customers/CustomersService';
import { ExportsService } from './exports/ExportsService';
import { JobsModule, ToolQueue } from './exports/JobsModule';
import { OrdersService } from './orders/OrdersService';
import { PolicyModule } from './refunds/PolicyModule';
import { RefundPolicy } from './refunds/RefundPolicy';
import { RefundsService } from './refunds/RefundsService';

const SYSTEM = [
  'You are the support desk of a small electronics shop.',
  'Look customers and orders up with the tools before answering; amounts are in cents.',
  'Big refunds need a supervisor: if one is denied, say so plainly and give the reason.',
].join('\n');

/** The support desk. */
@Module({
  imports: [
    PolicyModule,
    ToolwrightModule.forRootAsync({
      imports: [PolicyModule, ApprovalsModule, JobsModule],
      inject: [RefundPolicy, APPROVAL_STORE, ToolQueue],
      useFactory: (policy: RefundPolicy, store: ApprovalStore, queue: ToolQueue) => ({
        manifest,
        jobs: queue.jobs,
        worker: queue.worker(),
        agent: {
          model: SAMPLE_MODEL,
          system: SYSTEM,
          maxIterations: 8,
          approve: (call) => policy.decide(call.name, call.input),
          approvals: 'pause',
          approvalStore: store,
          approvalTtlSeconds: APPROVAL_TTL_SECONDS,
        },
      }),
    }),
  ],
  providers: [
    CustomersService,
    OrdersService,
    RefundsService,
    ExportsService,
    supervisorTokenProvider,
  ],
  controllers: [ChatController, ApprovalsController],
})
export class AppModule {}
