/**
 * The reasons `stich admin` writes into the audit log when none is given
 * (src/cli/admin.ts); the admin page shows them in its language
 * (src/web/client/moderationWords.ts). No imports: the page bundles it.
 */
export const COMMAND_LINE_REASONS = {
  grant: 'granted on the command line',
  revoke: 'revoked on the command line',
} as const;
