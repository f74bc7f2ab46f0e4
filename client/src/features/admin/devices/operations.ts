import { graphql } from "../../../gql";

graphql(`
  fragment AdminDeviceFields on AdminDevice {
    id
    udid
    product
    modelName
    version
    serial
    imei
    userId
    username
    boundAt
    unboundAt
    capturedAt
    createdAt
    certificates {
      id
      name
      scope
      status
    }
  }
`);

export const AdminDevicesQuery = graphql(`
  query AdminDevices($search: String, $page: Int, $pageSize: Int) {
    adminDevices(search: $search, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminDeviceFields
      }
    }
  }
`);

export const AdminUnbindDeviceMutation = graphql(`
  mutation AdminUnbindDevice($id: ID!) {
    adminUnbindDevice(id: $id) {
      ...AdminDeviceFields
    }
  }
`);

graphql(`
  fragment DeviceModelFields on DeviceModel {
    id
    product
    name
    updatedAt
  }
`);

export const DeviceModelsQuery = graphql(`
  query DeviceModels($search: String) {
    deviceModels(search: $search) {
      ...DeviceModelFields
    }
  }
`);

export const CreateDeviceModelMutation = graphql(`
  mutation CreateDeviceModel($input: DeviceModelInput!) {
    createDeviceModel(input: $input) {
      ...DeviceModelFields
    }
  }
`);

export const UpdateDeviceModelMutation = graphql(`
  mutation UpdateDeviceModel($id: ID!, $input: DeviceModelInput!) {
    updateDeviceModel(id: $id, input: $input) {
      ...DeviceModelFields
    }
  }
`);

export const DeleteDeviceModelMutation = graphql(`
  mutation DeleteDeviceModel($id: ID!) {
    deleteDeviceModel(id: $id)
  }
`);

graphql(`
  fragment UdidSigningIdentityFields on UdidSigningIdentity {
    configured
    commonName
    notAfter
    updatedAt
  }
`);

export const UdidSigningIdentityQuery = graphql(`
  query UdidSigningIdentity {
    udidSigningIdentity {
      ...UdidSigningIdentityFields
    }
  }
`);

export const SetUdidSigningIdentityMutation = graphql(`
  mutation SetUdidSigningIdentity($p12Base64: String!, $password: String!) {
    setUdidSigningIdentity(p12Base64: $p12Base64, password: $password) {
      ...UdidSigningIdentityFields
    }
  }
`);

export const ClearUdidSigningIdentityMutation = graphql(`
  mutation ClearUdidSigningIdentity {
    clearUdidSigningIdentity {
      ...UdidSigningIdentityFields
    }
  }
`);
