/** The part of @pactflow/swagger-mock-validator's API the OpenAPI check uses (it ships no types). */
declare module '@pactflow/swagger-mock-validator' {
  export interface ValidationResult {
    code: string;
    message: string;
    mockDetails?: { interactionDescription?: string | null; location?: string };
  }
  export interface ValidationOutcome {
    success: boolean;
    failureReason?: string;
    errors: ValidationResult[];
    warnings: ValidationResult[];
  }
  export interface ValidateOptions {
    mockPathOrUrl: string;
    specPathOrUrl: string;
    additionalPropertiesInResponse?: string;
    requiredPropertiesInResponse?: string;
  }
  export const SwaggerMockValidatorFactory: {
    create(auth?: string): { validate(options: ValidateOptions): Promise<ValidationOutcome> };
  };
}
