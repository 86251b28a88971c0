export * from './common';
export * from './insights';
export * from './instructors';
export * from './release-audit';
export * from './taxonomy';
export * from './upload';
export * from './users';
export * from './videos';
