// The receipt's issuer (発行者): name, address, phone and 適格請求書発行事業者登録番号, kept by
// administrators in the console. Until they save it, the server's environment gives it
// (RECEIPT_ISSUER_NAME, …), so an operator's configuration keeps working after an upgrade.
import type { Actor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { ReceiptIssuerConfig } from '../../env.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { SettingsRepository } from './settings-repository.js';

const KEY = 'receiptIssuer';
const REGISTRATION_NUMBER = /^T\d{13}$/;

/** The issuer receipts show now: the one staff saved, else the environment's. */
export async function receiptIssuerOf(settings: SettingsRepository, fallback: ReceiptIssuerConfig): Promise<ReceiptIssuerConfig> {
  return ((await settings.get(KEY)) as ReceiptIssuerConfig | undefined) ?? fallback;
}

/** Saves the issuer (`settings.edit`): 400 `invalid_settings` for an empty name or a malformed registration number. */
export async function saveReceiptIssuer(
  { settings, audit }: { settings: SettingsRepository; audit: AuditRepository },
  actor: Actor,
  now: number,
  fallback: ReceiptIssuerConfig,
  input: ReceiptIssuerConfig,
): Promise<void> {
  requireRole(actor, 'settings.edit');
  const issuer: ReceiptIssuerConfig = {
    name: input.name.trim(),
    ...(input.address === undefined || input.address.trim() === '' ? {} : { address: input.address.trim() }),
    ...(input.phone === undefined || input.phone.trim() === '' ? {} : { phone: input.phone.trim() }),
    ...(input.registrationNumber === undefined || input.registrationNumber.trim() === '' ? {} : { registrationNumber: input.registrationNumber.trim() }),
  };
  const problems = [
    ...(issuer.name === '' ? [{ at: 'name', message: messages.settings.issuerName }] : []),
    ...(issuer.registrationNumber !== undefined && !REGISTRATION_NUMBER.test(issuer.registrationNumber) ? [{ at: 'registrationNumber', message: messages.settings.registrationNumber }] : []),
  ];
  if (problems.length > 0) throw new HttpError(400, 'invalid_settings', messages.settings.invalid, { problems });
  const before = await receiptIssuerOf(settings, fallback);
  await settings.set(KEY, issuer, now);
  await appendAudit(audit, actor, { action: 'settings.receiptIssuer', target: 'settings:receiptIssuer', detail: { from: before, to: issuer } }, now);
}
