/**
 * Real-world-shaped DTOs (auth, profile, cart, discount, scheduling, shipment, attendance, crawl options,
 * pagination), each registered as a `@Params(Dto)` tool, for the three-way judge of
 * `codegen/realWorld.test.ts`. Each method records what it received.
 */
import { Params, Tool } from 'toolwright';
import { SignInDto, SignUpDto } from './auth';
import { CartDto } from './cart';
import { CreateDiscountDto } from './discount';
import { ScheduleMeetingDto } from './scheduling';
import { CreateShipmentDto } from './shipment';
import { RecordAttendanceDto } from './attendance';
import { CrawlOptionsDto } from './crawl';
import { ListOrdersQueryDto, PaginationQueryDto } from './pagination';
import { UpdateProfileDto } from './profile';

export class RealWorldService {
  readonly received: unknown[] = [];

  /** Creates an account. */
  @Tool()
  signUp(@Params(SignUpDto) dto: SignUpDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Signs in. */
  @Tool()
  signIn(@Params(SignInDto) dto: SignInDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Updates the signed-in user's profile. */
  @Tool()
  updateProfile(@Params(UpdateProfileDto) dto: UpdateProfileDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Replaces the cart. */
  @Tool()
  updateCart(@Params(CartDto) dto: CartDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Creates a discount coupon. */
  @Tool()
  createDiscount(@Params(CreateDiscountDto) dto: CreateDiscountDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Schedules a meeting. */
  @Tool()
  scheduleMeeting(@Params(ScheduleMeetingDto) dto: ScheduleMeetingDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Creates a shipment. */
  @Tool()
  createShipment(@Params(CreateShipmentDto) dto: CreateShipmentDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Records attendance. */
  @Tool()
  recordAttendance(@Params(RecordAttendanceDto) dto: RecordAttendanceDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Starts a crawl. */
  @Tool()
  crawl(@Params(CrawlOptionsDto) dto: CrawlOptionsDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Lists customers, a page at a time. */
  @Tool()
  listCustomers(@Params(PaginationQueryDto) dto: PaginationQueryDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Lists orders, a page at a time. */
  @Tool()
  listOrders(@Params(ListOrdersQueryDto) dto: ListOrdersQueryDto) {
    this.received.push(dto);
    return 'ok';
  }
}
