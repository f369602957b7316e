// The API's answer shapes, written once as TypeBox schemas: the server declares its routes with
// them, and the domain's entity types are their Static<> (so a change here that breaks a client
// fails its type check). Values only for the server: the apps import types, never this module.
export * from './common';
export * from './users';
export * from './organization';
export * from './budget';
export * from './requests';
export * from './related-requests';
export * from './reports';
export * from './history';
export * from './delegations';
export * from './review-links';
export * from './retirements';
export * from './settlement';
export * from './approval';
export * from './payouts';
export * from './journals';
export * from './statements';
