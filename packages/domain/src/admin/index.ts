export * from './common';
export * from './instructors';
export * from './taxonomy';
export * from './upload';
export * from './users';
export * from './videos';
export * from './insights';
