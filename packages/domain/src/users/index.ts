// Users: roles and permissions, sign-in values, the user record, its lock reasons, who may change whom, and the user form.
export * from './roles';
export * from './list-scope';
export * from './auth';
export * from './user';
export * from './lock-reasons';
export * from './user-rules';
export * from './user-validation';
