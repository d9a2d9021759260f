import { sweep } from './sweep';

/** The accessibility sweep as an admin (sweep.ts). */
sweep('admin');
