// The settings screens' English strings: a chunk of their own, loaded with the first settings screen.
import { inboxSettingsEn } from './en/inbox-settings.ts';
import { agentsEn } from './en/agents.ts';
import { teamsEn } from './en/teams.ts';
import { customRolesEn } from './en/custom-roles.ts';
import { auditLogsEn } from './en/audit-logs.ts';
import { agentBotsEn } from './en/agent-bots.ts';
import { labelsEn } from './en/labels.ts';
import { cannedResponsesEn } from './en/canned-responses.ts';
import { customAttributesEn } from './en/custom-attributes.ts';
import { accountSettingsEn } from './en/account-settings.ts';
import { integrationsEn } from './en/integrations.ts';
import { inboxWizardEn } from './en/inbox-wizard.ts';

export const settingsScreensEn = {
  ...inboxSettingsEn,
  ...agentsEn,
  ...teamsEn,
  ...customRolesEn,
  ...auditLogsEn,
  ...agentBotsEn,
  ...labelsEn,
  ...cannedResponsesEn,
  ...customAttributesEn,
  ...accountSettingsEn,
  ...integrationsEn,
  ...inboxWizardEn,
} as const;

export type SettingsMessages = typeof settingsScreensEn;
