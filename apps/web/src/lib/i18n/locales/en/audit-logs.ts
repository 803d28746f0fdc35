/** en strings of audit logs, 15 a page (keys after Chatwoot's AUDIT_LOGS). */
export const auditLogsEn = {} as const;
