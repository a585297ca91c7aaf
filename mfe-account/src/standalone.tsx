import { runStandalone } from '@blogstream/shared/mfe';
import { Root } from './root';

runStandalone(Root, 'mfe-account');
