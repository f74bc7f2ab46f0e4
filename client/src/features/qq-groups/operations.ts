import { graphql } from "../../gql";

export const QQGroupsQuery = graphql(`
  query QQGroups {
    qqGroups {
      id
      name
      number
    }
  }
`);
