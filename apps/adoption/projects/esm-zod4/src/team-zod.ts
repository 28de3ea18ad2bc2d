// A zod 4 team's zod: its own `import { z } from 'zod'`, where the model's schemas are native.
export { z } from 'zod';
