import { frontendJestConfig } from '../config/jest.frontend.mjs';

export default frontendJestConfig;
