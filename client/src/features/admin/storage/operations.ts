import { graphql } from "../../../gql";

export const AdminStorageQuery = graphql(`
  query AdminStorage {
    adminStorage {
      backend
      downloads
      directory
      endpoint
      region
      bucket
      accessKeyId
      secretSet
      forcePathStyle
      publicUrl
      usage {
        kind
        count
        bytes
      }
    }
  }
`);

export const TestStorageConnectionMutation = graphql(`
  mutation TestStorageConnection {
    testStorageConnection {
      ok
      fault
      message
      ms
    }
  }
`);
