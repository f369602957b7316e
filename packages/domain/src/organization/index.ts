// The organisation and its calendar, the option lists it offers, and field limits with no other home.
export * from './organization';
export * from './options';
export * from './limits';
