/**
 * A real GraphQL API for tests of the operation tools: graphql-js over HTTP (graphql-http's node
 * handler) with resolvers over a small data set of employees, on 127.0.0.1 at a free port. It records
 * what every request carried (operation name, variables, the document, the headers), and has fields
 * that fail, take their time or answer big, plus paths that answer HTML or hang.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSchema, GraphQLError } from 'graphql';
import { createHandler } from 'graphql-http/lib/use/http';

export const EMPLOYEES_SDL = `
"""A person who works here."""
type Employee {
  id: ID!
  name: String!
  mood: Mood!
  department: Department
}

"How an employee feels."
enum Mood { HAPPY SAD }

enum Department { ENGINEERING MARKETING OPERATIONS }

"Search criteria for employee lookup"
input SearchInput {
  "Match employees with this exact name"
  name: String
  "Only include employees in this department"
  department: Department
}

type Query {
  "Searches employees by filter criteria. Returns at most 100 results."
  findEmployees(criteria: SearchInput): [Employee!]!
  "One employee by id."
  employee(id: ID!): Employee
  employees: [Employee!]!
  "Fails with a GraphQL error."
  broken: String
  "Fails, and being non-null takes the whole data with it."
  mustFail: String!
  "Answers after ms milliseconds."
  slow(ms: Int!): String
  "The Authorization header the API saw (none: null)."
  whoami: String
  "A string of size characters."
  big(size: Int!): String
}

type Mutation {
  "Changes the mood of an employee."
  updateMood(employeeID: ID!, mood: Mood!): Employee
}

type Subscription {
  moodChanged: Employee
}
`;

interface Employee {
  id: string;
  name: string;
  mood: 'HAPPY' | 'SAD';
  department: string;
}

export function employeesData(): Employee[] {
  return [
    { id: '1', name: 'Ada', mood: 'HAPPY', department: 'ENGINEERING' },
    { id: '2', name: 'Dustin', mood: 'SAD', department: 'MARKETING' },
    { id: '3', name: 'Grace', mood: 'HAPPY', department: 'OPERATIONS' },
  ];
}

export interface RecordedRequest {
  query: string;
  operationName: string | null | undefined;
  variables: Record<string, unknown> | null | undefined;
  headers: IncomingHttpHeaders;
}

export interface GraphqlApiServer {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:port/graphql. */
  url: string;
  /** Answers 502 with an HTML page. */
  htmlUrl: string;
  /** Never answers. */
  hangUrl: string;
  requests: RecordedRequest[];
  employees: Employee[];
  close(): Promise<void>;
}

export async function startGraphqlApi(): Promise<GraphqlApiServer> {
  const employees = employeesData();
  const requests: RecordedRequest[] = [];
  const schema = buildSchema(EMPLOYEES_SDL);
  const rootValue = {
    findEmployees: ({ criteria }: { criteria?: { name?: string; department?: string } | null }) =>
      employees.filter((e) => (!criteria?.name || e.name === criteria.name) && (!criteria?.department || e.department === criteria.department)),
    employee: ({ id }: { id: string }) => employees.find((e) => e.id === id) ?? null,
    employees: () => employees,
    broken: () => new GraphQLError('the broken field always fails'),
    mustFail: () => new GraphQLError('the mustFail field always fails'),
    slow: async ({ ms }: { ms: number }) => {
      await sleep(ms, undefined, { ref: false });
      return 'done';
    },
    whoami: (_args: unknown, context: { headers: IncomingHttpHeaders }) => context.headers.authorization ?? null,
    big: ({ size }: { size: number }) => 'x'.repeat(size),
    updateMood: ({ employeeID, mood }: { employeeID: string; mood: Employee['mood'] }) => {
      const employee = employees.find((e) => e.id === employeeID);
      if (employee) employee.mood = mood;
      return employee ?? null;
    },
  };
  const graphql = createHandler({
    schema,
    rootValue,
    context: (req, params) => {
      const headers = req.raw.headers;
      requests.push({ query: params.query, operationName: params.operationName, variables: params.variables, headers });
      return { headers };
    },
  });
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/graphql') return void graphql(req, res);
    if (path === '/html') return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
    if (path === '/hang') return;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/graphql`,
    htmlUrl: `${base}/html`,
    hangUrl: `${base}/hang`,
    requests,
    employees,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
