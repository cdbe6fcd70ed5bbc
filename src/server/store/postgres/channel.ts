/** The channel on which every commit that changes keys, users or cells is announced (migrations/002-changes.ts). */
export const CHANGES_CHANNEL = 'cellpos_changes';
