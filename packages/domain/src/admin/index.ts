export * from './common';
export * from './insights';
export * from './instructors';
export * from './taxonomy';
export * from './upload';
export * from './users';
export * from './videos';
