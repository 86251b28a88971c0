export * from './contracts';
export * from './messages';
