/** Exports `RefundPolicy`, so `ToolwrightModule.forRootAsync` can inject it into its options factory. */
import { Module } from '@nestjs/common';
import { RefundPolicy } from './RefundPolicy';

/** The approval policy, on its own so the toolwright module can import it. */
@Module({ providers: [RefundPolicy], exports: [RefundPolicy] })
export class PolicyModule {}
