export * from './account-contracts';
export * from './contracts';
export * from './plan-button';
export * from './plans';
export * from './seats';
export * from './status';
export * from './studio-contracts';
