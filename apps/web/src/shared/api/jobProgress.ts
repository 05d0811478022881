/**
 * How often a screen reads a running job's progress again (scene ingests, AI runs, ERP synchronisations): the
 * workers take a job the moment it is sent, so a poll of a second shows it start and end without a lag.
 */
export const JOB_PROGRESS_POLL_MS = 1000;
