import { airlineTravel } from './airline-travel';
import { clinicScheduling } from './clinic-scheduling';
import type { DomainBank } from './domain-bank';
import { foodDelivery } from './food-delivery';
import { insuranceClaims } from './insurance-claims';
import { itHelpdesk } from './it-helpdesk';
import { personalFinance } from './personal-finance';
import { retailOrders } from './retail-orders';
import { telecomSupport } from './telecom-support';

export type { BankEntity, BankKeyword, BankRule, BankTool, DomainBank, RuleTopic } from './domain-bank';
export { IdPool } from './domain-bank';

/** Every bank the offline drafter can choose, in a fixed order (the last tie-break). */
export const DOMAIN_BANKS: readonly DomainBank[] = [
  personalFinance,
  telecomSupport,
  retailOrders,
  airlineTravel,
  clinicScheduling,
  itHelpdesk,
  insuranceClaims,
  foodDelivery,
];

export function bankByDomain(domain: string): DomainBank | undefined {
  return DOMAIN_BANKS.find((bank) => bank.domain === domain);
}
