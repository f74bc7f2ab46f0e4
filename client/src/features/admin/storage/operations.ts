import { graphql } from "../../../gql";

/** The settings the page shows and saves (the secret only as secretSet). */
graphql(`
  fragment StorageSettingsFields on StorageOverview {
    backend
    downloads
    endpoint
    region
    bucket
    accessKeyId
    secretSet
    forcePathStyle
    publicUrl
    envSettings {
      field
      variable
    }
  }
`);

export const AdminStorageQuery = graphql(`
  query AdminStorage {
    adminStorage {
      ...StorageSettingsFields
      directory
      usage {
        kind
        count
        bytes
      }
      localCount
      localBytes
      migration {
        ...StorageMigrationFields
      }
    }
  }
`);

graphql(`
  fragment StorageMigrationFields on StorageMigration {
    id
    status
    totalCount
    totalBytes
    movedCount
    movedBytes
    failedCount
    runs
    lastError
    startedAt
    finishedAt
  }
`);

export const StartStorageMigrationMutation = graphql(`
  mutation StartStorageMigration {
    startStorageMigration {
      ...StorageMigrationFields
    }
  }
`);

export const StorageMigrationQuery = graphql(`
  query StorageMigration($id: ID!) {
    storageMigration(id: $id) {
      ...StorageMigrationFields
    }
  }
`);

export const StorageMigrationProgressSubscription = graphql(`
  subscription StorageMigrationProgress($id: ID!) {
    storageMigrationProgress(id: $id) {
      ...StorageMigrationFields
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

export const SaveStorageSettingsMutation = graphql(`
  mutation SaveStorageSettings($input: StorageSettingsInput!) {
    saveStorageSettings(input: $input) {
      ...StorageSettingsFields
    }
  }
`);
