import { bankTool, date, dateTime, oneOf, text, type DomainBank } from './domain-bank';

const VISIT_TYPES = ['annual_physical', 'follow_up', 'sick_visit', 'vaccination', 'telehealth'] as const;

export const clinicScheduling: DomainBank = {
  domain: 'clinic_scheduling',
  title: 'Clinic scheduling assistant',
  keywords: [
    { term: 'clinic', weight: 4 },
    { term: 'medical', weight: 3 },
    { term: 'patient', weight: 3 },
    { term: 'doctor', weight: 3 },
    { term: 'physician', weight: 3 },
    { term: 'nurse', weight: 3 },
    { term: 'dentist', weight: 3 },
    { term: 'dental', weight: 3 },
    { term: 'health', weight: 2 },
    { term: 'healthcare', weight: 3 },
    { term: 'prescription', weight: 3 },
    { term: 'appointment', weight: 3 },
    { term: 'checkup', weight: 3 },
    { term: 'vaccination', weight: 3 },
    { term: 'visit', weight: 1 },
    { term: 'reschedule', weight: 1 },
    { term: 'scheduling', weight: 1 },
    { term: 'schedule', weight: 1 },
  ],
  agent_names: ['Clara', 'Juno', 'Sage'],
  role: 'the scheduling assistant for Riverside Family Clinic, with tools to find patients and book, move and cancel appointments',
  confirm_object: 'the provider, date and time with the patient',
  entities: [
    { key: 'patient', prefix: 'PT-', digits: 5, count: 3 },
    { key: 'appointment', prefix: 'APT-', digits: 5, count: 3 },
    { key: 'provider', prefix: 'DR-', digits: 3, count: 3 },
  ],
  rules: [
    { text: "Confirm the patient's full name and date of birth before looking up or changing any appointment.", topic: 'identity' },
    { text: 'Never give medical advice or a diagnosis, and tell anyone with urgent symptoms to call 911 or go to the emergency room.' },
    { text: 'Read back the provider, date and time before booking, rescheduling or cancelling a visit.', topic: 'confirm_action' },
    { text: 'Cancelling less than 24 hours before a visit costs $40, so tell the patient before cancelling.' },
    { text: 'Share appointment details only with the patient or a guardian listed on their record.' },
    { text: 'Never invent an open slot, and offer only times that search_available_slots returned.', topic: 'no_invention' },
    {
      text: 'Hand off to clinic staff for referrals, billing disputes and prescription questions beyond a refill request.',
      topic: 'handoff',
    },
  ],
  tools: (ids) => [
    bankTool(
      'find_patient',
      `Find a patient record by last name and date of birth. Patients on file: ${ids.list('patient')}.`,
      {
        last_name: text("The patient's last name."),
        date_of_birth: date("The patient's date of birth, as YYYY-MM-DD."),
      },
      ['last_name', 'date_of_birth'],
      {
        patient_id: ids.get('patient'),
        full_name: 'Helen Okafor',
        date_of_birth: '1984-07-19',
        primary_provider_id: ids.get('provider'),
        guardians: [],
        phone: '+1 503 555 0178',
      },
    ),
    bankTool(
      'search_available_slots',
      `List open appointment times for a provider between two dates. Providers on file: ${ids.list('provider')}.`,
      {
        provider_id: text('The provider, for example ' + ids.get('provider') + '.'),
        from_date: date('First day to search, as YYYY-MM-DD.'),
        to_date: date('Last day to search, as YYYY-MM-DD.'),
        visit_type: oneOf(VISIT_TYPES, 'Kind of visit, which sets its length.'),
      },
      ['provider_id', 'from_date', 'to_date'],
      {
        provider_id: ids.get('provider'),
        provider_name: 'Dr. Samuel Ortiz',
        slots: [
          { slot_start: '2026-03-18T09:00:00-07:00', minutes: 20 },
          { slot_start: '2026-03-18T14:40:00-07:00', minutes: 20 },
        ],
      },
    ),
    bankTool(
      'get_appointment',
      `Look up one appointment. Appointments on file: ${ids.list('appointment')}.`,
      { appointment_id: text('The appointment, for example ' + ids.get('appointment') + '.') },
      ['appointment_id'],
      {
        appointment_id: ids.get('appointment'),
        patient_id: ids.get('patient'),
        provider_id: ids.get('provider'),
        slot_start: '2026-03-18T09:00:00-07:00',
        visit_type: 'follow_up',
        status: 'booked',
      },
    ),
    bankTool(
      'book_appointment',
      'Book an open slot for a patient with a provider.',
      {
        patient_id: text('The patient, from find_patient.'),
        provider_id: text('The provider.'),
        slot_start: dateTime('Start of an open slot from search_available_slots.'),
        visit_type: oneOf(VISIT_TYPES, 'Kind of visit.'),
      },
      ['patient_id', 'provider_id', 'slot_start', 'visit_type'],
      { appointment_id: ids.get('appointment', 1), status: 'booked', slot_start: '2026-03-18T14:40:00-07:00', reminder: 'sms' },
    ),
    bankTool(
      'reschedule_appointment',
      'Move an appointment to another open slot with the same provider.',
      {
        appointment_id: text('The appointment to move.'),
        new_slot_start: dateTime('Start of the new open slot.'),
      },
      ['appointment_id', 'new_slot_start'],
      {
        appointment_id: ids.get('appointment'),
        old_slot_start: '2026-03-18T09:00:00-07:00',
        new_slot_start: '2026-03-20T10:20:00-07:00',
        status: 'booked',
      },
    ),
    bankTool(
      'cancel_appointment',
      'Cancel an appointment. Late cancellations carry a $40 fee.',
      {
        appointment_id: text('The appointment to cancel.'),
        reason: text('Why the patient is cancelling.'),
      },
      ['appointment_id', 'reason'],
      { appointment_id: ids.get('appointment', 2), status: 'cancelled', late_fee: 0, cancelled_at: '2026-03-14T08:12:00Z' },
    ),
    bankTool(
      'request_prescription_refill',
      "Send a refill request for an existing prescription to the patient's provider for review.",
      {
        patient_id: text('The patient.'),
        medication: text('The medication name and strength as on the label.'),
      },
      ['patient_id', 'medication'],
      {
        request_id: 'RX-40821',
        patient_id: ids.get('patient'),
        medication: 'lisinopril 10 mg',
        status: 'sent_to_provider',
        expected_response_days: 2,
      },
    ),
  ],
};
