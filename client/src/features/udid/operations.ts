import { graphql } from "../../gql";

graphql(`
  fragment DeviceFields on Device {
    id
    udid
    product
    modelName
    version
    serial
    boundAt
  }
`);

export const MyDevicesQuery = graphql(`
  query MyDevices {
    myDevices {
      ...DeviceFields
    }
  }
`);

export const UnbindDeviceMutation = graphql(`
  mutation UnbindDevice($id: ID!) {
    unbindDevice(id: $id)
  }
`);

export const ConsumeUdidSessionMutation = graphql(`
  mutation ConsumeUdidSession($id: String!) {
    consumeUdidSession(id: $id) {
      relayed
      attached
      device {
        ...DeviceFields
      }
    }
  }
`);
