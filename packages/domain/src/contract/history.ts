import { Type, type Static } from '@sinclair/typebox';
import { nullable, strict, time } from './common';

export type HistoryEntity = 'request' | 'retirement' | 'budget' | 'user';

/** One field an audit row changed, labelled and written as a person reads it. */
const HistoryChangeSchema = Type.Object(
  { field: Type.String(), label: Type.String(), before: nullable(Type.String()), after: nullable(Type.String()) },
  strict,
);

const HistoryEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: time(),
    actor_name: nullable(Type.String({ description: 'Null: the system (a job)' })),
    action: Type.String({ description: 'The stored action key' }),
    action_label: Type.String({ description: "What happened, as a person says it: 'Created', 'Accepted', 'Retirement submitted'" }),
    summary: nullable(
      Type.String({ description: "One line summing the action up (a creation's amount, purpose and chain; a review's step and comment)" }),
    ),
    changes: Type.Array(HistoryChangeSchema, {
      description: 'Only the fields a person changed, labelled, values as the screens write them',
    }),
  },
  strict,
);

export const HistorySchema = Type.Object(
  {
    history: Type.Array(HistoryEntrySchema, { description: 'Newest first' }),
    time_zone: Type.String({ description: "The organisation's IANA zone: the entries' times are shown on its clock" }),
  },
  strict,
);

export type HistoryEntry = Static<typeof HistoryEntrySchema>;
export type HistoryChange = Static<typeof HistoryChangeSchema>;
export type History = Static<typeof HistorySchema>;
