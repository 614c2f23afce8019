/** What /readyz reports besides its live checks: set by the process's start-up and shutdown. */
export const readiness = { migrated: false, shuttingDown: false };
