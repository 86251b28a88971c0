export * from './audit-log';
export * from './auth-tokens';
export * from './catalogue';
export * from './login-failures';
export * from './mail-outbox';
export * from './sessions';
export * from './users';
