export * from './contracts';
export * from './rules';
