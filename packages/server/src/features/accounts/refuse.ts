import type { AccountMessageKey, StatusCode } from '@app/contract';
import { fail } from '../../platform/errors.ts';

/** Every refusal of the account calls names a key of the contract's list, so the catalogue has it. */
export function refuse(code: StatusCode, key: AccountMessageKey, response?: unknown): never {
  fail(code, key, response);
}
