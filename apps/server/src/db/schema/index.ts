export * from './content.js';
export * from './member.js';
export * from './project.js';
export * from './planning.js';
export * from './events.js';
export * from './request.js';
export * from './contract.js';
export * from './settlement.js';
