import { Type, type Static } from '@sinclair/typebox';
import { strict } from './common';

/**
 * The signed-in user's organisation as the session keeps it: its calendar (IANA zone) decides every
 * "today", minimum date, due date and day shown, on the server and in every app, whatever the
 * device's own clock says.
 */
export const OrganizationSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    time_zone: Type.String({ description: "IANA time zone of the organisation's calendar, e.g. Africa/Dar_es_Salaam" }),
  },
  strict,
);

export type Organization = Static<typeof OrganizationSchema>;
