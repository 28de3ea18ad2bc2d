// A zod 3.25 team's zod 4: zod 3.25 ships zod 4's API as `zod/v4`, which the model's schemas are
// made of; the team's zod 3 schemas (`import { z } from 'zod'`) stay apart from them.
export { z } from 'zod/v4';
