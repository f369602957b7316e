import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { REFUSAL } from '../../plugins/validation-messages';
import { errors } from '../../schemas';
import {
  RECEIPT_EXEMPTION_MAX_TZS,
  RECEIPT_EXEMPTION_PROBLEM,
  REVIEW_REMINDER_DAYS_MAX,
  REVIEW_REMINDER_DAYS_PROBLEM,
} from '@imprest/domain';
import type { OrganizationSettingsService } from './service';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['organization'],
};
const strict = { additionalProperties: false } as const;
export const DIRECTORS_ONLY_SETTINGS = 'Only directors can change the organisation settings';

const days = Type.Integer({
  minimum: 0,
  maximum: REVIEW_REMINDER_DAYS_MAX,
  description: "Calendar days (the organisation's zone) a request may wait at one step before its reviewers are reminded; 0: off",
});
const exemption = Type.Number({
  minimum: 0,
  maximum: RECEIPT_EXEMPTION_MAX_TZS,
  description:
    'TZS, at most two decimals (other currencies converted with the exchange rates): a retirement spending less needs no receipt; 0: every retirement that spent money needs one',
});
const SettingsAnswer = Type.Object({ data: Type.Object({ review_reminder_days: days, receipt_exempt_below: exemption }, strict) }, strict);

/** The organisation's own settings. Everyone signed in reads them; directors change them. */
export const organizationSettingsRoutes: FastifyPluginAsyncTypebox<{ settings: OrganizationSettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/organization/settings',
    {
      config: { permission: 'authenticated', access: ['organization'] },
      schema: { ...signedIn, summary: "The caller's organisation's settings", response: { 200: SettingsAnswer, ...errors(401) } },
    },
    async (request) => ({ data: await settings.read(request.user!) }),
  );

  app.put(
    '/organization/settings',
    {
      config: {
        permission: 'super_admin',
        access: ['organization'],
        objectRule: `whole days 0–${REVIEW_REMINDER_DAYS_MAX}; a receipt exemption of TZS 0–${RECEIPT_EXEMPTION_MAX_TZS}; the fields sent change, the others stay`,
        forbidden: DIRECTORS_ONLY_SETTINGS,
      },
      schema: {
        ...signedIn,
        summary: 'Change the organisation settings (directors)',
        body: Type.Object(
          {
            // every wrong value gets the one sentence the form shows too
            review_reminder_days: Type.Optional(
              Type.Union([days, Type.Null()], {
                description: '0 or null: off',
                [REFUSAL]: REVIEW_REMINDER_DAYS_PROBLEM,
              }),
            ),
            receipt_exempt_below: Type.Optional(
              Type.Union([exemption, Type.Null()], {
                description: '0 or null: nothing exempt',
                [REFUSAL]: RECEIPT_EXEMPTION_PROBLEM,
              }),
            ),
          },
          { ...strict, minProperties: 1 },
        ),
        response: { 200: SettingsAnswer, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => ({ data: await settings.save(request.user!, request.body) }),
  );
};
