/**
 * Tools the model calls from code (programmatic tool calling), for the agent's tests: typed
 * results codegen describes, one that needs approval, one scoped, and one called directly only.
 * Every call is logged.
 */
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';

/** One expense line. */
export interface Expense {
  /** The employee who spent it. */
  employee: string;
  /** The amount in dollars. */
  amount: number;
  category: 'travel' | 'meals' | 'other';
}

/** The expenses of one employee. */
export interface ExpenseReport {
  employee: string;
  lines: Expense[];
  total: number;
}

export class LedgerService {
  /** Every call that reached a method: tool name and arguments. */
  readonly log: { tool: string; args: unknown[] }[] = [];

  /**
   * Lists the expenses of an employee this quarter.
   * @param employee The employee's id, e.g. "emp_7".
   */
  @Tool({ callableFromCode: true })
  getExpenses(@Param('employee') employee: string): ExpenseReport {
    this.log.push({ tool: 'get_expenses', args: [employee] });
    const lines: Expense[] = [
      { employee, amount: 120, category: 'travel' },
      { employee, amount: 30, category: 'meals' },
    ];
    return { employee, lines, total: 150 };
  }

  /**
   * The spending limit of an employee, in dollars.
   * @param employee The employee's id.
   */
  @Tool({ callableFromCode: true })
  getLimit(@Param('employee') employee: string): number {
    this.log.push({ tool: 'get_limit', args: [employee] });
    return 100;
  }

  /**
   * Flags an employee for review.
   * @param employee The employee's id.
   */
  @Tool({ callableFromCode: true, requiresApproval: true })
  flag(@Param('employee') employee: string): string {
    this.log.push({ tool: 'flag', args: [employee] });
    return `flagged ${employee}`;
  }

  /**
   * Reads the payroll of an employee.
   * @param employee The employee's id.
   */
  @Tool({ callableFromCode: true, scopes: ['payroll:read'] })
  payroll(@Param('employee') employee: string): { salary: number } {
    this.log.push({ tool: 'payroll', args: [employee] });
    return { salary: 1000 };
  }

  /**
   * Sends a note to the finance team.
   * @param text What to say.
   */
  @Tool()
  notify(@Param('text') text: string): { sent: boolean } {
    this.log.push({ tool: 'notify', args: [text] });
    return { sent: true };
  }
}
