import { airlineTravel } from './airline-travel';
import { clinicScheduling } from './clinic-scheduling';
import { foodDelivery } from './food-delivery';
import { insuranceClaims } from './insurance-claims';
import { itHelpdesk } from './it-helpdesk';
import { personalFinance } from './personal-finance';
import type { Phrasebook } from './phrasebook';
import { retailOrders } from './retail-orders';
import { telecomSupport } from './telecom-support';

export type { Phrasebook } from './phrasebook';

/** The phrasebook of each domain bank (`Spec.domain`); other domains speak with the generic phrases alone. */
const PHRASEBOOKS: Readonly<Record<string, Phrasebook>> = {
  airline_travel: airlineTravel,
  clinic_scheduling: clinicScheduling,
  food_delivery: foodDelivery,
  insurance_claims: insuranceClaims,
  it_helpdesk: itHelpdesk,
  personal_finance: personalFinance,
  retail_orders: retailOrders,
  telecom_support: telecomSupport,
};

export function phrasebookFor(domain: string | undefined): Phrasebook {
  return (domain === undefined ? undefined : PHRASEBOOKS[domain]) ?? {};
}
