// Robustness fuzz, part 3 of 3 of the mutating routes (test/fuzz-suite.ts says what it checks).
import { fuzzSuite } from '../test/fuzz-suite';

fuzzSuite(3, 3);
