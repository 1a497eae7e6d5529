/** The default of an argument or input field as a GraphQL literal, for printers of SDL and operations. */
import { valueToLiteral, type ConstValueNode, type GraphQLArgument, type GraphQLInputField } from 'graphql';

/** The default of an argument or input field as a literal, whichever way the schema stores it. */
export function defaultLiteral(input: GraphQLArgument | GraphQLInputField): ConstValueNode | undefined {
  const declared = input.default;
  if (declared === undefined) return undefined;
  if (declared.literal !== undefined) return declared.literal;
  return valueToLiteral(declared.value, input.type) ?? undefined;
}
