// Calendar days of the organisation, the start of a day in its time zone, and dates typed as text.
export * from './dates';
export * from './day-start';
export * from './date-text';
