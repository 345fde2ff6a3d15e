/**
 * `vertical` changes words only, never what the page does (spec: "selects wording only").
 * Unknown verticals read as general.
 */
export type Wording = {
  service: string;
  services: string;
  chooseService: string;
  staff: string;
  anyStaff: string;
  appointment: string;
  bookAction: string;
};

const GENERAL: Wording = {
  service: "service",
  services: "Services",
  chooseService: "Choose a service",
  staff: "Calendar",
  anyStaff: "Any available",
  appointment: "appointment",
  bookAction: "Book appointment",
};

const BY_VERTICAL: Record<string, Partial<Wording>> = {
  salon: { service: "treatment", services: "Treatments", chooseService: "Choose a treatment", staff: "Stylist", anyStaff: "Any stylist" },
  barber: { service: "service", services: "Services", chooseService: "Choose a cut", staff: "Barber", anyStaff: "Any barber" },
  spa: { service: "treatment", services: "Treatments", chooseService: "Choose a treatment", staff: "Therapist", anyStaff: "Any therapist" },
  clinic: { service: "visit type", services: "Visit types", chooseService: "Choose a visit type", staff: "Practitioner", anyStaff: "Any practitioner" },
  health: { service: "visit type", services: "Visit types", chooseService: "Choose a visit type", staff: "Practitioner", anyStaff: "Any practitioner" },
  dental: { service: "visit type", services: "Visit types", chooseService: "Choose a visit type", staff: "Dentist", anyStaff: "Any dentist" },
  therapy: {
    service: "session",
    services: "Sessions",
    chooseService: "Choose a session",
    staff: "Therapist",
    anyStaff: "Any therapist",
    appointment: "session",
    bookAction: "Book session",
  },
  fitness: {
    service: "session",
    services: "Sessions",
    chooseService: "Choose a session",
    staff: "Trainer",
    anyStaff: "Any trainer",
    appointment: "session",
    bookAction: "Book session",
  },
  education: {
    service: "lesson",
    services: "Lessons",
    chooseService: "Choose a lesson",
    staff: "Teacher",
    anyStaff: "Any teacher",
    appointment: "lesson",
    bookAction: "Book lesson",
  },
  consulting: {
    service: "meeting",
    services: "Meetings",
    chooseService: "Choose a meeting",
    staff: "Consultant",
    anyStaff: "Any consultant",
    appointment: "meeting",
    bookAction: "Book meeting",
  },
};

export function wordingFor(vertical: string): Wording {
  return { ...GENERAL, ...BY_VERTICAL[vertical] };
}
