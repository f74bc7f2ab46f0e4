/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AdminAnnouncementFields on Announcement {\n    id\n    title\n    content\n    status\n    publishedAt\n    createdAt\n    updatedAt\n    readCount\n  }\n": typeof types.AdminAnnouncementFieldsFragmentDoc,
    "\n  query AdminAnnouncements($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminAnnouncements(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAnnouncementFields\n      }\n    }\n  }\n": typeof types.AdminAnnouncementsDocument,
    "\n  mutation CreateAnnouncement($input: AnnouncementInput!) {\n    createAnnouncement(input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n": typeof types.CreateAnnouncementDocument,
    "\n  mutation UpdateAnnouncement($id: ID!, $input: AnnouncementInput!) {\n    updateAnnouncement(id: $id, input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n": typeof types.UpdateAnnouncementDocument,
    "\n  mutation DeleteAnnouncement($id: ID!) {\n    deleteAnnouncement(id: $id)\n  }\n": typeof types.DeleteAnnouncementDocument,
    "\n  mutation SetAnnouncementStatus($id: ID!, $status: String!) {\n    setAnnouncementStatus(id: $id, status: $status) {\n      ...AdminAnnouncementFields\n    }\n  }\n": typeof types.SetAnnouncementStatusDocument,
    "\n  mutation BatchAnnouncements($operation: String!, $ids: [ID!]!) {\n    batchAnnouncements(operation: $operation, ids: $ids) {\n      operation\n      affected\n    }\n  }\n": typeof types.BatchAnnouncementsDocument,
    "\n  fragment AdminAppFields on App {\n    id\n    name\n    icon\n    version\n    size\n    description\n    keywords\n    categoryId\n    categoryName\n    price\n    bundleId\n    developer\n    isActive\n    sortOrder\n    hasIpa\n    downloadCount\n    downloadBytes\n    minOsVersion\n    updatedAt\n  }\n": typeof types.AdminAppFieldsFragmentDoc,
    "\n  query AdminApps($search: String, $categoryId: ID, $page: Int!, $pageSize: Int!) {\n    adminApps(search: $search, categoryId: $categoryId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAppFields\n      }\n    }\n  }\n": typeof types.AdminAppsDocument,
    "\n  query AdminAppIds($page: Int!, $pageSize: Int!) {\n    adminApps(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n": typeof types.AdminAppIdsDocument,
    "\n  mutation CreateApp($input: AppInput!) {\n    createApp(input: $input) {\n      ...AdminAppFields\n    }\n  }\n": typeof types.CreateAppDocument,
    "\n  mutation UpdateApp($id: ID!, $input: AppInput!) {\n    updateApp(id: $id, input: $input) {\n      ...AdminAppFields\n    }\n  }\n": typeof types.UpdateAppDocument,
    "\n  mutation DeleteApps($ids: [ID!]!) {\n    deleteApps(ids: $ids)\n  }\n": typeof types.DeleteAppsDocument,
    "\n  mutation ReorderApps($ids: [ID!]!) {\n    reorderApps(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": typeof types.ReorderAppsDocument,
    "\n  mutation SetAppActive($id: ID!, $isActive: Boolean!) {\n    setAppActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": typeof types.SetAppActiveDocument,
    "\n  fragment AdminCategoryFields on Category {\n    id\n    name\n    displayName\n    weigh\n    kind\n    builtIn\n  }\n": typeof types.AdminCategoryFieldsFragmentDoc,
    "\n  query AdminCategories {\n    categories {\n      ...AdminCategoryFields\n    }\n  }\n": typeof types.AdminCategoriesDocument,
    "\n  mutation CreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n": typeof types.CreateCategoryDocument,
    "\n  mutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n": typeof types.UpdateCategoryDocument,
    "\n  mutation DeleteCategory($id: ID!) {\n    deleteCategory(id: $id)\n  }\n": typeof types.DeleteCategoryDocument,
    "\n  mutation ReorderCategories($ids: [ID!]!) {\n    reorderCategories(ids: $ids) {\n      ...AdminCategoryFields\n    }\n  }\n": typeof types.ReorderCategoriesDocument,
    "\n  mutation ResetDefaultCategories {\n    resetDefaultCategories {\n      ...AdminCategoryFields\n    }\n  }\n": typeof types.ResetDefaultCategoriesDocument,
    "\n  fragment AdminBannerFields on Banner {\n    id\n    imageUrl\n    altText\n    title\n    linkUrl\n    isActive\n    sortOrder\n    updatedAt\n  }\n": typeof types.AdminBannerFieldsFragmentDoc,
    "\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n": typeof types.AdminBannersDocument,
    "\n  mutation CreateBanner($input: BannerInput!) {\n    createBanner(input: $input) {\n      ...AdminBannerFields\n    }\n  }\n": typeof types.CreateBannerDocument,
    "\n  mutation UpdateBanner($id: ID!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      ...AdminBannerFields\n    }\n  }\n": typeof types.UpdateBannerDocument,
    "\n  mutation DeleteBanner($id: ID!) {\n    deleteBanner(id: $id)\n  }\n": typeof types.DeleteBannerDocument,
    "\n  mutation SetBannerActive($id: ID!, $isActive: Boolean!) {\n    setBannerActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": typeof types.SetBannerActiveDocument,
    "\n  mutation ReorderBanners($ids: [ID!]!) {\n    reorderBanners(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": typeof types.ReorderBannersDocument,
    "\n  fragment AdminCardKeyBatchFields on CardKeyBatch {\n    id\n    kind\n    amount\n    count\n    prefix\n    expiresAt\n    disabled\n    createdBy\n    createdAt\n    redeemedCount\n    disabledCount\n  }\n": typeof types.AdminCardKeyBatchFieldsFragmentDoc,
    "\n  query AdminCardKeyBatches($page: Int, $pageSize: Int) {\n    adminCardKeyBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n": typeof types.AdminCardKeyBatchesDocument,
    "\n  query AdminCardKeys($batchId: ID!, $page: Int, $pageSize: Int) {\n    adminCardKeys(batchId: $batchId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        hint\n        status\n        disabled\n        redeemedBy\n        redeemedByUsername\n        redeemedAt\n      }\n    }\n  }\n": typeof types.AdminCardKeysDocument,
    "\n  mutation GenerateCardKeys($input: GenerateCardKeysInput!) {\n    generateCardKeys(input: $input) {\n      batchId\n      codes\n      batch {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n": typeof types.GenerateCardKeysDocument,
    "\n  mutation SetCardKeyBatchDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyBatchDisabled(id: $id, disabled: $disabled) {\n      ...AdminCardKeyBatchFields\n    }\n  }\n": typeof types.SetCardKeyBatchDisabledDocument,
    "\n  mutation SetCardKeyDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyDisabled(id: $id, disabled: $disabled) {\n      id\n      status\n      disabled\n    }\n  }\n": typeof types.SetCardKeyDisabledDocument,
    "\n  fragment AdminCategoryAnnouncementFields on CategoryAnnouncement {\n    id\n    categoryId\n    title\n    content\n    isActive\n    updatedAt\n  }\n": typeof types.AdminCategoryAnnouncementFieldsFragmentDoc,
    "\n  query AdminCategoryAnnouncements {\n    categories {\n      id\n      name\n      displayName\n      kind\n      builtIn\n    }\n    adminCategoryAnnouncements {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n": typeof types.AdminCategoryAnnouncementsDocument,
    "\n  mutation UpsertCategoryAnnouncement($categoryId: ID!, $input: CategoryAnnouncementInput!) {\n    upsertCategoryAnnouncement(categoryId: $categoryId, input: $input) {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n": typeof types.UpsertCategoryAnnouncementDocument,
    "\n  mutation DeleteCategoryAnnouncement($categoryId: ID!) {\n    deleteCategoryAnnouncement(categoryId: $categoryId)\n  }\n": typeof types.DeleteCategoryAnnouncementDocument,
    "\n  fragment DetectionBatchFields on DetectionBatch {\n    id\n    status\n    total\n    done\n    good\n    revoked\n    unknown\n    error\n    cancelled\n    createdByName\n    createdAt\n    finishedAt\n    filter {\n      scope\n      status\n      search\n    }\n  }\n": typeof types.DetectionBatchFieldsFragmentDoc,
    "\n  query DetectionBatches($page: Int, $pageSize: Int) {\n    detectionBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...DetectionBatchFields\n      }\n    }\n  }\n": typeof types.DetectionBatchesDocument,
    "\n  query DetectionCandidates($filter: DetectionFilterInput) {\n    detectionCandidates(filter: $filter)\n  }\n": typeof types.DetectionCandidatesDocument,
    "\n  mutation StartDetectionBatch($filter: DetectionFilterInput) {\n    startDetectionBatch(filter: $filter) {\n      ...DetectionBatchFields\n    }\n  }\n": typeof types.StartDetectionBatchDocument,
    "\n  mutation CancelDetectionBatch($id: ID!) {\n    cancelDetectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n": typeof types.CancelDetectionBatchDocument,
    "\n  subscription DetectionBatchProgress($id: ID!) {\n    detectionBatchProgress(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n": typeof types.DetectionBatchProgressDocument,
    "\n  query DetectionBatch($id: ID!) {\n    detectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n": typeof types.DetectionBatchDocument,
    "\n  fragment CertificateCheckFields on CertificateCheck {\n    id\n    certificateId\n    certificateName\n    username\n    status\n    ocspStatus\n    reason\n    report\n    createdAt\n    finishedAt\n  }\n": typeof types.CertificateCheckFieldsFragmentDoc,
    "\n  mutation AdminCheckCertificate($id: ID!) {\n    adminCheckCertificate(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n": typeof types.AdminCheckCertificateDocument,
    "\n  query AdminCertificateCheck($id: ID!) {\n    adminCertificateCheck(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n": typeof types.AdminCertificateCheckDocument,
    "\n  fragment AdminCertificateFields on Certificate {\n    id\n    scope\n    userId\n    username\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    serialNumber\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    demo\n    createdAt\n  }\n": typeof types.AdminCertificateFieldsFragmentDoc,
    "\n  query AdminCertificates($scope: String, $search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminCertificates(scope: $scope, search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCertificateFields\n      }\n    }\n  }\n": typeof types.AdminCertificatesDocument,
    "\n  mutation AdminDeleteCertificate($id: ID!) {\n    adminDeleteCertificate(id: $id)\n  }\n": typeof types.AdminDeleteCertificateDocument,
    "\n  query P8Keys {\n    p8Keys {\n      id\n      name\n      issuerId\n      keyId\n      createdAt\n    }\n  }\n": typeof types.P8KeysDocument,
    "\n  mutation CreateP8Key($input: P8KeyInput!) {\n    createP8Key(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateP8KeyDocument,
    "\n  mutation DeleteP8Key($id: ID!) {\n    deleteP8Key(id: $id)\n  }\n": typeof types.DeleteP8KeyDocument,
    "\n  query BusinessTimeZone {\n    businessTimeZone\n  }\n": typeof types.BusinessTimeZoneDocument,
    "\n  fragment CsSessionFields on CsSession {\n    sessionId\n    userId\n    username\n    status\n    unreadAdmin\n    unreadUser\n    messageCount\n    lastMessageAt\n    lastMessagePreview\n    lastSenderType\n    createdAt\n  }\n": typeof types.CsSessionFieldsFragmentDoc,
    "\n  fragment CsMessageFields on CsMessage {\n    id\n    sessionId\n    senderType\n    senderName\n    messageType\n    content\n    imageUrl\n    extraData {\n      order_id\n      item_name\n      amount\n      status\n      cert_id\n      name\n    }\n    createdAt\n  }\n": typeof types.CsMessageFieldsFragmentDoc,
    "\n  query AdminCsSessions($search: String, $status: String, $page: Int!) {\n    adminCustomerServiceSessions(search: $search, status: $status, page: $page, pageSize: 50) {\n      items {\n        ...CsSessionFields\n      }\n      total\n    }\n  }\n": typeof types.AdminCsSessionsDocument,
    "\n  query AdminCsMessages($sessionId: String!) {\n    adminCustomerServiceMessages(sessionId: $sessionId, page: 1, pageSize: 100) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n": typeof types.AdminCsMessagesDocument,
    "\n  query AdminCsContext($sessionId: String!) {\n    adminCustomerServiceContext(sessionId: $sessionId) {\n      userId\n      username\n      orders {\n        id\n        orderNo\n        itemName\n        amount\n        status\n        createdAt\n      }\n      certificates {\n        id\n        name\n        status\n        teamName\n        expiresAt\n      }\n      devices {\n        id\n        udid\n        product\n        modelName\n        version\n        boundAt\n      }\n    }\n  }\n": typeof types.AdminCsContextDocument,
    "\n  query AdminCsSearch($query: String!) {\n    adminSearchCustomerServiceMessages(query: $query) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n": typeof types.AdminCsSearchDocument,
    "\n  mutation AdminCsSend($input: CsSendInput!) {\n    adminSendCustomerServiceMessage(input: $input) {\n      ...CsMessageFields\n    }\n  }\n": typeof types.AdminCsSendDocument,
    "\n  mutation AdminCsRead($sessionId: String!) {\n    adminMarkCustomerServiceRead(sessionId: $sessionId) {\n      ...CsSessionFields\n    }\n  }\n": typeof types.AdminCsReadDocument,
    "\n  mutation AdminCsStatus($sessionId: String!, $status: String!) {\n    adminSetCustomerServiceSessionStatus(sessionId: $sessionId, status: $status) {\n      ...CsSessionFields\n    }\n  }\n": typeof types.AdminCsStatusDocument,
    "\n  subscription CsChanged {\n    customerServiceChanged {\n      session {\n        ...CsSessionFields\n      }\n      message {\n        ...CsMessageFields\n      }\n    }\n  }\n": typeof types.CsChangedDocument,
    "\n  fragment CsSettingsFields on CsSettings {\n    enabled\n    customerServiceName\n    customerServiceAvatar\n    welcomeMessage\n    quickReplies {\n      question\n      answer\n    }\n    offlineMessage\n    serviceHoursStart\n    serviceHoursEnd\n  }\n": typeof types.CsSettingsFieldsFragmentDoc,
    "\n  query AdminCsSettings {\n    adminCustomerServiceSettings {\n      ...CsSettingsFields\n    }\n  }\n": typeof types.AdminCsSettingsDocument,
    "\n  mutation UpdateCsSettings($input: CsSettingsInput!) {\n    updateCustomerServiceSettings(input: $input) {\n      ...CsSettingsFields\n    }\n  }\n": typeof types.UpdateCsSettingsDocument,
    "\n  query AdminDashboard($days: Int!) {\n    businessTimeZone\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n      revenueByDay(days: $days) {\n        date\n        recharges\n        sales\n        refunds\n      }\n    }\n  }\n": typeof types.AdminDashboardDocument,
    "\n  fragment WorkerStatusFields on WorkerStatus {\n    alive\n    lastSeenAt\n    workers {\n      worker\n      backend\n      queues\n      startedAt\n      lastSeenAt\n      alive\n    }\n  }\n": typeof types.WorkerStatusFieldsFragmentDoc,
    "\n  query WorkerStatus {\n    workerStatus {\n      ...WorkerStatusFields\n    }\n  }\n": typeof types.WorkerStatusDocument,
    "\n  subscription WorkerStatusChanged {\n    workerStatusChanged {\n      ...WorkerStatusFields\n    }\n  }\n": typeof types.WorkerStatusChangedDocument,
    "\n  fragment AdminDeviceFields on AdminDevice {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    imei\n    userId\n    username\n    boundAt\n    unboundAt\n    capturedAt\n    createdAt\n    certificates {\n      id\n      name\n      scope\n      status\n    }\n  }\n": typeof types.AdminDeviceFieldsFragmentDoc,
    "\n  query AdminDevices($search: String, $page: Int, $pageSize: Int) {\n    adminDevices(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDeviceFields\n      }\n    }\n  }\n": typeof types.AdminDevicesDocument,
    "\n  mutation AdminUnbindDevice($id: ID!) {\n    adminUnbindDevice(id: $id) {\n      ...AdminDeviceFields\n    }\n  }\n": typeof types.AdminUnbindDeviceDocument,
    "\n  fragment DeviceModelFields on DeviceModel {\n    id\n    product\n    name\n    updatedAt\n  }\n": typeof types.DeviceModelFieldsFragmentDoc,
    "\n  query DeviceModels($search: String) {\n    deviceModels(search: $search) {\n      ...DeviceModelFields\n    }\n  }\n": typeof types.DeviceModelsDocument,
    "\n  mutation CreateDeviceModel($input: DeviceModelInput!) {\n    createDeviceModel(input: $input) {\n      ...DeviceModelFields\n    }\n  }\n": typeof types.CreateDeviceModelDocument,
    "\n  mutation UpdateDeviceModel($id: ID!, $input: DeviceModelInput!) {\n    updateDeviceModel(id: $id, input: $input) {\n      ...DeviceModelFields\n    }\n  }\n": typeof types.UpdateDeviceModelDocument,
    "\n  mutation DeleteDeviceModel($id: ID!) {\n    deleteDeviceModel(id: $id)\n  }\n": typeof types.DeleteDeviceModelDocument,
    "\n  fragment UdidSigningIdentityFields on UdidSigningIdentity {\n    configured\n    commonName\n    notAfter\n    updatedAt\n  }\n": typeof types.UdidSigningIdentityFieldsFragmentDoc,
    "\n  query UdidSigningIdentity {\n    udidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n": typeof types.UdidSigningIdentityDocument,
    "\n  mutation SetUdidSigningIdentity($p12Base64: String!, $password: String!) {\n    setUdidSigningIdentity(p12Base64: $p12Base64, password: $password) {\n      ...UdidSigningIdentityFields\n    }\n  }\n": typeof types.SetUdidSigningIdentityDocument,
    "\n  mutation ClearUdidSigningIdentity {\n    clearUdidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n": typeof types.ClearUdidSigningIdentityDocument,
    "\n  fragment AdminDylibFields on Dylib {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    category\n    author\n    tags\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n": typeof types.AdminDylibFieldsFragmentDoc,
    "\n  query AdminDylibs($search: String, $page: Int!, $pageSize: Int!) {\n    adminDylibs(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDylibFields\n      }\n    }\n  }\n": typeof types.AdminDylibsDocument,
    "\n  query AdminDylibIds($page: Int!, $pageSize: Int!) {\n    adminDylibs(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n": typeof types.AdminDylibIdsDocument,
    "\n  mutation CreateDylib($input: DylibInput!) {\n    createDylib(input: $input) {\n      ...AdminDylibFields\n    }\n  }\n": typeof types.CreateDylibDocument,
    "\n  mutation UpdateDylib($id: ID!, $input: DylibInput!) {\n    updateDylib(id: $id, input: $input) {\n      ...AdminDylibFields\n    }\n  }\n": typeof types.UpdateDylibDocument,
    "\n  mutation DeleteDylibs($ids: [ID!]!) {\n    deleteDylibs(ids: $ids)\n  }\n": typeof types.DeleteDylibsDocument,
    "\n  mutation ReorderDylibs($ids: [ID!]!) {\n    reorderDylibs(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": typeof types.ReorderDylibsDocument,
    "\n  mutation SetDylibActive($id: ID!, $isActive: Boolean!) {\n    setDylibActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": typeof types.SetDylibActiveDocument,
    "\n  fragment EmailRecordFields on EmailRecord {\n    id\n    to\n    subject\n    template\n    kind\n    status\n    smtpResponse\n    error\n    attempts\n    createdAt\n    sentAt\n    resentFrom\n  }\n": typeof types.EmailRecordFieldsFragmentDoc,
    "\n  query AdminEmailRecords($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminEmailRecords(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      items {\n        ...EmailRecordFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": typeof types.AdminEmailRecordsDocument,
    "\n  mutation AdminResendEmailRecord($id: ID!) {\n    adminResendEmailRecord(id: $id)\n  }\n": typeof types.AdminResendEmailRecordDocument,
    "\n  fragment AdminPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    sold\n    enabled\n    sortOrder\n    orderCount\n  }\n": typeof types.AdminPlanFieldsFragmentDoc,
    "\n  query AdminCertificatePackages {\n    adminCertificatePackages {\n      id\n      name\n      description\n      kind\n      source\n      supplierId\n      certificateId\n      deviceType\n      enabled\n      sortOrder\n      plans {\n        ...AdminPlanFields\n      }\n    }\n  }\n": typeof types.AdminCertificatePackagesDocument,
    "\n  mutation CreateCertPackage($input: CertPackageInput!) {\n    createCertPackage(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateCertPackageDocument,
    "\n  mutation UpdateCertPackage($id: ID!, $input: CertPackageInput!) {\n    updateCertPackage(id: $id, input: $input) {\n      id\n      enabled\n    }\n  }\n": typeof types.UpdateCertPackageDocument,
    "\n  mutation DeleteCertPackage($id: ID!, $force: Boolean) {\n    deleteCertPackage(id: $id, force: $force)\n  }\n": typeof types.DeleteCertPackageDocument,
    "\n  mutation ReorderCertPackages($ids: [ID!]!) {\n    reorderCertPackages(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": typeof types.ReorderCertPackagesDocument,
    "\n  mutation CreatePricePlan($packageId: ID!, $input: PricePlanInput!) {\n    createPricePlan(packageId: $packageId, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n": typeof types.CreatePricePlanDocument,
    "\n  mutation UpdatePricePlan($id: ID!, $input: PricePlanInput!) {\n    updatePricePlan(id: $id, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n": typeof types.UpdatePricePlanDocument,
    "\n  mutation DeletePricePlan($id: ID!, $force: Boolean) {\n    deletePricePlan(id: $id, force: $force)\n  }\n": typeof types.DeletePricePlanDocument,
    "\n  mutation ReorderPricePlans($packageId: ID!, $ids: [ID!]!) {\n    reorderPricePlans(packageId: $packageId, ids: $ids) {\n      id\n    }\n  }\n": typeof types.ReorderPricePlansDocument,
    "\n  query AdminAscAccounts {\n    adminAscAccounts {\n      id\n      name\n      p8KeyId\n      keyId\n      issuerId\n      certificateId\n      certificateName\n      teamId\n      deviceLimit\n      status\n      statusReason\n      enabled\n      deliveries\n      createdAt\n    }\n  }\n": typeof types.AdminAscAccountsDocument,
    "\n  mutation CreateAscAccount($input: AscAccountInput!) {\n    createAscAccount(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateAscAccountDocument,
    "\n  mutation UpdateAscAccount($id: ID!, $input: AscAccountInput!) {\n    updateAscAccount(id: $id, input: $input) {\n      id\n      status\n      enabled\n    }\n  }\n": typeof types.UpdateAscAccountDocument,
    "\n  mutation DeleteAscAccount($id: ID!) {\n    deleteAscAccount(id: $id)\n  }\n": typeof types.DeleteAscAccountDocument,
    "\n  query AdminMallOrders($status: String, $search: String, $page: Int, $pageSize: Int) {\n    adminMallOrders(status: $status, search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        orderNo\n        kind\n        username\n        udid\n        packageName\n        planName\n        source\n        amount\n        status\n        attempts\n        lastError\n        certificateId\n        ascAccountId\n        createdAt\n        paidAt\n        deliveredAt\n        updatedAt\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": typeof types.AdminMallOrdersDocument,
    "\n  query AdminMallOrderLogs($id: ID!) {\n    adminMallOrderLogs(id: $id) {\n      id\n      level\n      message\n      createdAt\n    }\n  }\n": typeof types.AdminMallOrderLogsDocument,
    "\n  mutation RetryMallOrder($id: ID!) {\n    retryMallOrder(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.RetryMallOrderDocument,
    "\n  query AdminCertSuppliers {\n    adminCertSuppliers {\n      id\n      name\n      baseUrl\n      productMapJson\n      timeoutMs\n      enabled\n      allowPrivate\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n      createdAt\n    }\n  }\n": typeof types.AdminCertSuppliersDocument,
    "\n  mutation CreateCertSupplier($input: CertSupplierInput!) {\n    createCertSupplier(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateCertSupplierDocument,
    "\n  mutation UpdateCertSupplier($id: ID!, $input: CertSupplierInput!) {\n    updateCertSupplier(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateCertSupplierDocument,
    "\n  mutation DeleteCertSupplier($id: ID!) {\n    deleteCertSupplier(id: $id)\n  }\n": typeof types.DeleteCertSupplierDocument,
    "\n  mutation TestCertSupplier($id: ID!) {\n    testCertSupplier(id: $id) {\n      id\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n    }\n  }\n": typeof types.TestCertSupplierDocument,
    "\n  fragment AdminPaymentMethodFields on PaymentMethod {\n    id\n    name\n    channel\n    gatewayUrl\n    pid\n    minAmount\n    maxAmount\n    enabled\n    updatedAt\n  }\n": typeof types.AdminPaymentMethodFieldsFragmentDoc,
    "\n  query AdminPaymentMethods {\n    adminPaymentMethods {\n      ...AdminPaymentMethodFields\n    }\n  }\n": typeof types.AdminPaymentMethodsDocument,
    "\n  mutation CreatePaymentMethod($input: PaymentMethodInput!) {\n    createPaymentMethod(input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n": typeof types.CreatePaymentMethodDocument,
    "\n  mutation UpdatePaymentMethod($id: ID!, $input: PaymentMethodInput!) {\n    updatePaymentMethod(id: $id, input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n": typeof types.UpdatePaymentMethodDocument,
    "\n  mutation SetPaymentMethodEnabled($id: ID!, $enabled: Boolean!) {\n    setPaymentMethodEnabled(id: $id, enabled: $enabled) {\n      ...AdminPaymentMethodFields\n    }\n  }\n": typeof types.SetPaymentMethodEnabledDocument,
    "\n  query AdminRechargeOrders($page: Int, $pageSize: Int, $status: String, $search: String) {\n    adminRechargeOrders(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        orderNo\n        username\n        methodName\n        channel\n        amount\n        status\n        tradeNo\n        createdAt\n        paidAt\n      }\n    }\n  }\n": typeof types.AdminRechargeOrdersDocument,
    "\n  fragment AdminWithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    userId\n    username\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    reviewedBy\n    createdAt\n    reviewedAt\n  }\n": typeof types.AdminWithdrawalFieldsFragmentDoc,
    "\n  query AdminWithdrawals($page: Int!, $pageSize: Int!, $status: String, $search: String) {\n    adminWithdrawals(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        ...AdminWithdrawalFields\n      }\n    }\n  }\n": typeof types.AdminWithdrawalsDocument,
    "\n  query PendingWithdrawalsCount {\n    adminWithdrawals(status: \"pending\", page: 1, pageSize: 1) {\n      total\n    }\n  }\n": typeof types.PendingWithdrawalsCountDocument,
    "\n  mutation ApproveWithdrawal($id: ID!, $payoutRef: String) {\n    approveWithdrawal(id: $id, payoutRef: $payoutRef) {\n      ...AdminWithdrawalFields\n    }\n  }\n": typeof types.ApproveWithdrawalDocument,
    "\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...AdminWithdrawalFields\n    }\n  }\n": typeof types.RejectWithdrawalDocument,
    "\n  fragment AdminQQGroupFields on QQGroup {\n    id\n    name\n    number\n    isActive\n    sortOrder\n  }\n": typeof types.AdminQqGroupFieldsFragmentDoc,
    "\n  query AdminQQGroups {\n    adminQQGroups {\n      ...AdminQQGroupFields\n    }\n  }\n": typeof types.AdminQqGroupsDocument,
    "\n  mutation CreateQQGroup($input: QQGroupInput!) {\n    createQQGroup(input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n": typeof types.CreateQqGroupDocument,
    "\n  mutation UpdateQQGroup($id: ID!, $input: QQGroupInput!) {\n    updateQQGroup(id: $id, input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n": typeof types.UpdateQqGroupDocument,
    "\n  mutation DeleteQQGroup($id: ID!) {\n    deleteQQGroup(id: $id)\n  }\n": typeof types.DeleteQqGroupDocument,
    "\n  mutation ReorderQQGroups($ids: [ID!]!) {\n    reorderQQGroups(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": typeof types.ReorderQqGroupsDocument,
    "\n  query AdminResignIncidents($page: Int, $pageSize: Int) {\n    adminResignIncidents(page: $page, pageSize: $pageSize) {\n      items {\n        id\n        certificateId\n        certificateName\n        foundAt\n        foundBy\n        status\n        finishedAt\n        tasksTotal\n        tasksRepaired\n        tasksFailed\n        tasksOpen\n        usersAffected\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": typeof types.AdminResignIncidentsDocument,
    "\n  query AdminResignIncidentItems($id: ID!) {\n    adminResignIncidentItems(id: $id) {\n      id\n      taskId\n      username\n      appName\n      status\n      replacementName\n      replacementSource\n      errorMessage\n      updatedAt\n    }\n  }\n": typeof types.AdminResignIncidentItemsDocument,
    "\n  mutation RetryResignIncident($id: ID!) {\n    adminRetryResignIncident(id: $id) {\n      id\n      status\n      tasksOpen\n      tasksFailed\n    }\n  }\n": typeof types.RetryResignIncidentDocument,
    "\n  fragment AdminResourceShareFields on ResourceShare {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n": typeof types.AdminResourceShareFieldsFragmentDoc,
    "\n  query AdminResourceShares($search: String, $page: Int!, $pageSize: Int!) {\n    adminResourceShares(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminResourceShareFields\n      }\n    }\n  }\n": typeof types.AdminResourceSharesDocument,
    "\n  query AdminResourceShareIds($page: Int!, $pageSize: Int!) {\n    adminResourceShares(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n": typeof types.AdminResourceShareIdsDocument,
    "\n  mutation CreateResourceShare($input: ResourceShareInput!) {\n    createResourceShare(input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n": typeof types.CreateResourceShareDocument,
    "\n  mutation UpdateResourceShare($id: ID!, $input: ResourceShareInput!) {\n    updateResourceShare(id: $id, input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n": typeof types.UpdateResourceShareDocument,
    "\n  mutation DeleteResourceShares($ids: [ID!]!) {\n    deleteResourceShares(ids: $ids)\n  }\n": typeof types.DeleteResourceSharesDocument,
    "\n  mutation ReorderResourceShares($ids: [ID!]!) {\n    reorderResourceShares(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": typeof types.ReorderResourceSharesDocument,
    "\n  mutation SetResourceShareActive($id: ID!, $isActive: Boolean!) {\n    setResourceShareActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": typeof types.SetResourceShareActiveDocument,
    "\n  fragment AdminSiteInfoFields on SiteInfo {\n    siteName\n    siteLogo\n    seoSubtitle\n    seoKeywords\n    seoDescription\n  }\n": typeof types.AdminSiteInfoFieldsFragmentDoc,
    "\n  query AdminSiteInfo {\n    siteInfo {\n      ...AdminSiteInfoFields\n    }\n  }\n": typeof types.AdminSiteInfoDocument,
    "\n  mutation UpdateSiteInfo($input: SiteInfoInput!) {\n    updateSiteInfo(input: $input) {\n      ...AdminSiteInfoFields\n    }\n  }\n": typeof types.UpdateSiteInfoDocument,
    "\n  fragment AdminFooterFields on Footer {\n    icpNumber\n    copyrightInfo\n  }\n": typeof types.AdminFooterFieldsFragmentDoc,
    "\n  query AdminFooter {\n    footer {\n      ...AdminFooterFields\n    }\n  }\n": typeof types.AdminFooterDocument,
    "\n  mutation UpdateFooter($input: FooterInput!) {\n    updateFooter(input: $input) {\n      ...AdminFooterFields\n    }\n  }\n": typeof types.UpdateFooterDocument,
    "\n  fragment AdminContactFields on Contact {\n    wechat\n    qq\n    email\n  }\n": typeof types.AdminContactFieldsFragmentDoc,
    "\n  query AdminContact {\n    contact {\n      ...AdminContactFields\n    }\n  }\n": typeof types.AdminContactDocument,
    "\n  mutation UpdateContact($input: ContactInput!) {\n    updateContact(input: $input) {\n      ...AdminContactFields\n    }\n  }\n": typeof types.UpdateContactDocument,
    "\n  fragment AdminFeeSettingsFields on FeeSettings {\n    resourceFee\n    flowFee\n    flowFeeThresholdMB\n    flowFeeBase\n    flowFeeRatePerGB\n    flowFeeRounding\n    flowFeeMinMB\n    flowFeeMinAmount\n  }\n": typeof types.AdminFeeSettingsFieldsFragmentDoc,
    "\n  query AdminFeeSettings {\n    feeSettings {\n      ...AdminFeeSettingsFields\n    }\n  }\n": typeof types.AdminFeeSettingsDocument,
    "\n  mutation UpdateFeeSettings($input: FeeSettingsInput!) {\n    updateFeeSettings(input: $input) {\n      ...AdminFeeSettingsFields\n    }\n  }\n": typeof types.UpdateFeeSettingsDocument,
    "\n  fragment AdminLegalFields on LegalDocuments {\n    userAgreement\n    privacyPolicy\n  }\n": typeof types.AdminLegalFieldsFragmentDoc,
    "\n  query AdminLegal {\n    legalDocuments {\n      ...AdminLegalFields\n    }\n  }\n": typeof types.AdminLegalDocument,
    "\n  mutation UpdateLegal($input: LegalDocumentsInput!) {\n    updateLegalDocuments(input: $input) {\n      ...AdminLegalFields\n    }\n  }\n": typeof types.UpdateLegalDocument,
    "\n  query TrafficFeeExample($sizeMB: Float!, $fees: FeeSettingsInput) {\n    trafficFeeExample(sizeMB: $sizeMB, fees: $fees) {\n      sizeMB\n      fee\n      rule\n    }\n  }\n": typeof types.TrafficFeeExampleDocument,
    "\n  fragment AdminSigningSettingsFields on SigningSettings {\n    chargeMode\n    feeFen\n    artifactHours\n    downloadsPerTask\n    dailyLimit\n    maxUploadMb\n  }\n": typeof types.AdminSigningSettingsFieldsFragmentDoc,
    "\n  query AdminSigningSettings {\n    signingSettings {\n      ...AdminSigningSettingsFields\n    }\n  }\n": typeof types.AdminSigningSettingsDocument,
    "\n  mutation UpdateSigningSettings($input: SigningSettingsInput!) {\n    updateSigningSettings(input: $input) {\n      ...AdminSigningSettingsFields\n    }\n  }\n": typeof types.UpdateSigningSettingsDocument,
    "\n  fragment AdminSigningTaskFields on AdminSigningTask {\n    id\n    userId\n    username\n    certificateId\n    certificateName\n    source\n    uploadId\n    appId\n    options {\n      bundleId\n      displayName\n      version\n      dylibIds\n      removeUISupportedDevices\n      removePlugins\n      removeWatch\n    }\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    startedAt\n    finishedAt\n    report\n  }\n": typeof types.AdminSigningTaskFieldsFragmentDoc,
    "\n  query AdminSigningTasks($filter: SigningTaskFilterInput, $page: Int!, $pageSize: Int!) {\n    adminSigningTasks(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSigningTaskFields\n      }\n    }\n  }\n": typeof types.AdminSigningTasksDocument,
    "\n  query SigningStats {\n    signingStats {\n      queued\n      running\n      done\n      failed\n      cancelled\n      perDay {\n        day\n        count\n      }\n    }\n  }\n": typeof types.SigningStatsDocument,
    "\n  mutation AdminRetrySigningTask($id: ID!) {\n    adminRetrySigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n": typeof types.AdminRetrySigningTaskDocument,
    "\n  mutation AdminCancelSigningTask($id: ID!) {\n    adminCancelSigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n": typeof types.AdminCancelSigningTaskDocument,
    "\n  mutation AdminDeleteSigningTask($id: ID!) {\n    adminDeleteSigningTask(id: $id)\n  }\n": typeof types.AdminDeleteSigningTaskDocument,
    "\n  mutation AddSigningDownloads($id: ID!, $count: Int!) {\n    addSigningDownloads(id: $id, count: $count) {\n      ...AdminSigningTaskFields\n    }\n  }\n": typeof types.AddSigningDownloadsDocument,
    "\n  mutation SigningCleanup {\n    signingCleanup {\n      artifacts\n      uploads\n      requeued\n      refunded\n    }\n  }\n": typeof types.SigningCleanupDocument,
    "\n  fragment AdminSoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    customIconUrl\n    description\n    customDescription\n    enabled\n    sortOrder\n    refreshMinutes\n    allowPrivate\n    format\n    docName\n    identifier\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastFetchAt\n    lastSuccessAt\n    lastErrorCode\n    lastError\n    warnings\n    createdAt\n    updatedAt\n  }\n": typeof types.AdminSoftwareSourceFieldsFragmentDoc,
    "\n  query AdminSoftwareSources($page: Int, $pageSize: Int, $q: String) {\n    adminSoftwareSources(page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSoftwareSourceFields\n      }\n    }\n  }\n": typeof types.AdminSoftwareSourcesDocument,
    "\n  query AdminSoftwareSource($id: ID!) {\n    adminSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n    adminSoftwareSourceFetches(id: $id) {\n      id\n      startedAt\n      durationMs\n      outcome\n      httpStatus\n      bytes\n      appCount\n      warningCount\n      errorCode\n      errorMessage\n    }\n  }\n": typeof types.AdminSoftwareSourceDocument,
    "\n  query AdminSoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        id\n        name\n        bundleId\n        version\n        versionDate\n        size\n        iconUrl\n        downloadUrl\n        locked\n        category\n      }\n    }\n  }\n": typeof types.AdminSoftwareSourceAppsDocument,
    "\n  mutation AdminCreateSoftwareSource($input: SoftwareSourceInput!) {\n    adminCreateSoftwareSource(input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n": typeof types.AdminCreateSoftwareSourceDocument,
    "\n  mutation AdminUpdateSoftwareSource($id: ID!, $input: SoftwareSourceInput!) {\n    adminUpdateSoftwareSource(id: $id, input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n": typeof types.AdminUpdateSoftwareSourceDocument,
    "\n  mutation AdminDeleteSoftwareSource($id: ID!) {\n    adminDeleteSoftwareSource(id: $id)\n  }\n": typeof types.AdminDeleteSoftwareSourceDocument,
    "\n  mutation AdminRefreshSoftwareSource($id: ID!) {\n    adminRefreshSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n": typeof types.AdminRefreshSoftwareSourceDocument,
    "\n  query SoftwareSourceFeed {\n    softwareSourceFeedCategories\n    categories {\n      id\n      name\n      displayName\n      builtIn\n    }\n  }\n": typeof types.SoftwareSourceFeedDocument,
    "\n  mutation SetSoftwareSourceFeedCategories($ids: [ID!]!) {\n    setSoftwareSourceFeedCategories(ids: $ids)\n  }\n": typeof types.SetSoftwareSourceFeedCategoriesDocument,
    "\n  query SoftwareSourcePrivateAddresses {\n    softwareSourcePrivateAddressesAllowed\n  }\n": typeof types.SoftwareSourcePrivateAddressesDocument,
    "\n  mutation SetSoftwareSourcePrivateAddresses($allowed: Boolean!) {\n    setSoftwareSourcePrivateAddressesAllowed(allowed: $allowed)\n  }\n": typeof types.SetSoftwareSourcePrivateAddressesDocument,
    "\n  mutation ResetSoftwareSourceFeedLinks {\n    resetSoftwareSourceFeedLinks\n  }\n": typeof types.ResetSoftwareSourceFeedLinksDocument,
    "\n  fragment StorageSettingsFields on StorageOverview {\n    backend\n    downloads\n    endpoint\n    region\n    bucket\n    accessKeyId\n    secretSet\n    forcePathStyle\n    publicUrl\n    envSettings {\n      field\n      variable\n    }\n  }\n": typeof types.StorageSettingsFieldsFragmentDoc,
    "\n  query AdminStorage {\n    adminStorage {\n      ...StorageSettingsFields\n      directory\n      usage {\n        kind\n        count\n        bytes\n      }\n      localCount\n      localBytes\n      migration {\n        ...StorageMigrationFields\n      }\n    }\n  }\n": typeof types.AdminStorageDocument,
    "\n  fragment StorageMigrationFields on StorageMigration {\n    id\n    status\n    totalCount\n    totalBytes\n    movedCount\n    movedBytes\n    failedCount\n    runs\n    lastError\n    startedAt\n    finishedAt\n  }\n": typeof types.StorageMigrationFieldsFragmentDoc,
    "\n  mutation StartStorageMigration {\n    startStorageMigration {\n      ...StorageMigrationFields\n    }\n  }\n": typeof types.StartStorageMigrationDocument,
    "\n  query StorageMigration($id: ID!) {\n    storageMigration(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n": typeof types.StorageMigrationDocument,
    "\n  subscription StorageMigrationProgress($id: ID!) {\n    storageMigrationProgress(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n": typeof types.StorageMigrationProgressDocument,
    "\n  mutation TestStorageConnection {\n    testStorageConnection {\n      ok\n      fault\n      message\n      ms\n    }\n  }\n": typeof types.TestStorageConnectionDocument,
    "\n  mutation SaveStorageSettings($input: StorageSettingsInput!) {\n    saveStorageSettings(input: $input) {\n      ...StorageSettingsFields\n    }\n  }\n": typeof types.SaveStorageSettingsDocument,
    "\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n": typeof types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    businessTimeZone\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n": typeof types.AdminCreateUserDocument,
    "\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n": typeof types.AdminSetUserDisabledDocument,
    "\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": typeof types.AdminSetUserRoleDocument,
    "\n  query StaffPermissions {\n    staffPermissions {\n      key\n      label\n    }\n  }\n": typeof types.StaffPermissionsDocument,
    "\n  mutation AdminSetUserPermissions($id: ID!, $permissions: [String!]!) {\n    adminSetUserPermissions(id: $id, permissions: $permissions) {\n      id\n      permissions\n    }\n  }\n": typeof types.AdminSetUserPermissionsDocument,
    "\n  fragment AdminOrderFields on Order {\n    ...OrderFields\n    userId\n    username\n  }\n": typeof types.AdminOrderFieldsFragmentDoc,
    "\n  query AdminOrders($search: String, $status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    adminOrders(search: $search, status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminOrderFields\n      }\n    }\n  }\n": typeof types.AdminOrdersDocument,
    "\n  mutation AdminRefundOrder($id: ID!, $reason: String) {\n    adminRefundOrder(id: $id, reason: $reason) {\n      ...AdminOrderFields\n    }\n  }\n": typeof types.AdminRefundOrderDocument,
    "\n  mutation AdminSetOrderStatus($id: ID!, $status: String!) {\n    adminSetOrderStatus(id: $id, status: $status) {\n      ...AdminOrderFields\n    }\n  }\n": typeof types.AdminSetOrderStatusDocument,
    "\n  query AdminLedger(\n    $user: String\n    $type: String\n    $orderNo: String\n    $from: String\n    $to: String\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    adminLedger(user: $user, type: $type, orderNo: $orderNo, from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n        userId\n        username\n      }\n    }\n  }\n": typeof types.AdminLedgerDocument,
    "\n  query AdminUserWallet($userId: ID!) {\n    adminUserWallet(userId: $userId) {\n      balance\n    }\n  }\n": typeof types.AdminUserWalletDocument,
    "\n  mutation AdminAdjustWallet($userId: ID!, $amount: String!, $reason: String!) {\n    adminAdjustWallet(userId: $userId, amount: $amount, reason: $reason) {\n      balance\n      amount\n    }\n  }\n": typeof types.AdminAdjustWalletDocument,
    "\n  query Announcements {\n    announcements {\n      id\n      title\n      content\n      publishedAt\n      createdAt\n    }\n    contentVersions {\n      announcements\n    }\n  }\n": typeof types.AnnouncementsDocument,
    "\n  mutation MarkAnnouncementRead($id: ID!) {\n    markAnnouncementRead(id: $id)\n  }\n": typeof types.MarkAnnouncementReadDocument,
    "\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n": typeof types.SessionUserFieldsFragmentDoc,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n": typeof types.VerifyResetCodeDocument,
    "\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n": typeof types.ResendResetCodeDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  mutation RedeemCardKey($code: String!) {\n    redeemCardKey(code: $code) {\n      kind\n      amount\n      balance\n    }\n  }\n": typeof types.RedeemCardKeyDocument,
    "\n  query AppDetail($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      description\n      keywords\n      categoryName\n      price\n      bundleId\n      minOsVersion\n      updatedAt\n      hasIpa\n    }\n  }\n": typeof types.AppDetailDocument,
    "\n  query DylibDetail($id: ID!) {\n    dylib(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      category\n      author\n      tags\n      hasFile\n      updatedAt\n    }\n  }\n": typeof types.DylibDetailDocument,
    "\n  query ResourceShareDetail($id: ID!) {\n    resourceShare(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      hasFile\n      updatedAt\n    }\n  }\n": typeof types.ResourceShareDetailDocument,
    "\n  query PurchaseStatus($kind: CatalogKind!, $id: ID!) {\n    purchaseStatus(kind: $kind, id: $id) {\n      itemId\n      kind\n      price\n      isFree\n      purchased\n    }\n  }\n": typeof types.PurchaseStatusDocument,
    "\n  fragment CertificateCardFields on Certificate {\n    id\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    tempExpiresAt\n    autoResign\n  }\n": typeof types.CertificateCardFieldsFragmentDoc,
    "\n  query MyCertificates {\n    myCertificates {\n      ...CertificateCardFields\n    }\n  }\n": typeof types.MyCertificatesDocument,
    "\n  query CertificateDetail($id: ID!) {\n    certificate(id: $id) {\n      ...CertificateCardFields\n      serialNumber\n      sha1\n      notBefore\n      notAfter\n      profileUuid\n      appId\n      entitlements\n      devices\n      profileCreatedAt\n      profileExpiresAt\n      createdAt\n    }\n    myDevices {\n      id\n      udid\n      product\n      modelName\n    }\n  }\n": typeof types.CertificateDetailDocument,
    "\n  mutation DeleteCertificate($id: ID!) {\n    deleteCertificate(id: $id)\n  }\n": typeof types.DeleteCertificateDocument,
    "\n  query MyTempCertificates {\n    myTempCertificates {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n    myCertificates {\n      id\n      name\n      commonName\n      expiresAt\n      status\n    }\n    importableCertificateOrders {\n      id\n      orderNo\n      certificateId\n      name\n    }\n  }\n": typeof types.MyTempCertificatesDocument,
    "\n  mutation DeleteTempCertificate($id: ID!) {\n    deleteTempCertificate(id: $id)\n  }\n": typeof types.DeleteTempCertificateDocument,
    "\n  mutation ImportTempCertificate($certificateId: ID!, $days: Int) {\n    importTempCertificateFromMain(certificateId: $certificateId, days: $days) {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n  }\n": typeof types.ImportTempCertificateDocument,
    "\n  mutation CheckCertificateStatus($id: ID!) {\n    checkCertificateStatus(id: $id) {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n": typeof types.CheckCertificateStatusDocument,
    "\n  subscription CertificateChecked {\n    certificateChecked {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n": typeof types.CertificateCheckedDocument,
    "\n  mutation SetCertificateAutoResign($id: ID!, $enabled: Boolean!) {\n    setCertificateAutoResign(id: $id, enabled: $enabled) {\n      ...CertificateCardFields\n    }\n  }\n": typeof types.SetCertificateAutoResignDocument,
    "\n  subscription MessageAdded($sessionId: String!, $guestId: String) {\n    messageAdded(sessionId: $sessionId, guestId: $guestId) {\n      id\n      sessionId\n      senderType\n      senderName\n      messageType\n      content\n      imageUrl\n      extraData {\n        order_id\n        order_no\n        item_name\n        amount\n        status\n        cert_id\n        name\n        team_name\n        width\n        height\n      }\n      createdAt\n    }\n  }\n": typeof types.MessageAddedDocument,
    "\n  query HomePage(\n    $categoryId: ID\n    $defaultCategory: Boolean! = false\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    banners {\n      id\n      imageUrl\n      altText\n      title\n      linkUrl\n    }\n    categories {\n      id\n      name\n      displayName\n      weigh\n      kind\n      builtIn\n    }\n    catalog(\n      categoryId: $categoryId\n      defaultCategory: $defaultCategory\n      price: $price\n      search: $search\n      page: $page\n      pageSize: $pageSize\n    ) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n": typeof types.HomePageDocument,
    "\n  query CatalogPage(\n    $categoryId: ID\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    catalog(categoryId: $categoryId, price: $price, search: $search, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n": typeof types.CatalogPageDocument,
    "\n  query SearchCatalog($search: String!, $price: PriceFilter! = ALL, $page: Int! = 1, $pageSize: Int! = 10) {\n    searchCatalog(search: $search, price: $price, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n": typeof types.SearchCatalogDocument,
    "\n  fragment CatalogPageFields on CatalogPage {\n    categoryId\n    notice {\n      title\n      content\n    }\n    total\n    page\n    pageSize\n    items {\n      id\n      kind\n      name\n      icon\n      description\n      version\n      size\n      updatedAt\n      price\n      isFree\n      bundleId\n      author\n      category\n      tags\n    }\n  }\n": typeof types.CatalogPageFieldsFragmentDoc,
    "\n  fragment ContentVersionFields on ContentVersions {\n    banners\n    categories\n    apps\n    dylibs\n    resourceShares\n    announcements\n    qqGroups\n    settings\n  }\n": typeof types.ContentVersionFieldsFragmentDoc,
    "\n  fragment CertPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    enabled\n  }\n": typeof types.CertPlanFieldsFragmentDoc,
    "\n  query CertificatePackages {\n    certificatePackages {\n      id\n      name\n      description\n      kind\n      deviceType\n      plans {\n        ...CertPlanFields\n      }\n    }\n  }\n": typeof types.CertificatePackagesDocument,
    "\n  fragment MallOrderFields on MallOrder {\n    id\n    orderNo\n    kind\n    udid\n    packageName\n    planName\n    durationDays\n    warrantyDays\n    amount\n    status\n    certificateId\n    lastError\n    warrantyUntil\n    expiresAt\n    createdAt\n    paidAt\n    deliveredAt\n    updatedAt\n  }\n": typeof types.MallOrderFieldsFragmentDoc,
    "\n  query MyMallOrders($page: Int, $pageSize: Int) {\n    myMallOrders(page: $page, pageSize: $pageSize) {\n      items {\n        ...MallOrderFields\n      }\n      total\n    }\n  }\n": typeof types.MyMallOrdersDocument,
    "\n  query MyMallOrder($ref: String!) {\n    myMallOrder(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n": typeof types.MyMallOrderDocument,
    "\n  subscription MallOrderChanged($ref: String!) {\n    mallOrderChanged(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n": typeof types.MallOrderChangedDocument,
    "\n  mutation CreateCertificateOrder($planId: ID!, $deviceId: ID!) {\n    createCertificateOrder(planId: $planId, deviceId: $deviceId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n": typeof types.CreateCertificateOrderDocument,
    "\n  mutation RenewCertificateOrder($orderId: ID!) {\n    renewCertificateOrder(orderId: $orderId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n": typeof types.RenewCertificateOrderDocument,
    "\n  mutation RedeemCertificateCardKey($code: String!, $deviceId: ID!) {\n    redeemCertificateCardKey(code: $code, deviceId: $deviceId) {\n      ...MallOrderFields\n    }\n  }\n": typeof types.RedeemCertificateCardKeyDocument,
    "\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      unread\n      items {\n        id\n        kind\n        title\n        body\n        link\n        readAt\n        createdAt\n      }\n    }\n  }\n": typeof types.MyNotificationsDocument,
    "\n  mutation MarkNotificationsRead($id: ID) {\n    markNotificationsRead(id: $id)\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  query QQGroups {\n    qqGroups {\n      id\n      name\n      number\n    }\n  }\n": typeof types.QqGroupsDocument,
    "\n  fragment SigningTaskFields on SigningTask {\n    id\n    certificateId\n    certificateName\n    source\n    appId\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    finishedAt\n    resignedAt\n    resignCount\n    resignState\n  }\n": typeof types.SigningTaskFieldsFragmentDoc,
    "\n  query SigningForm {\n    signableCertificates {\n      id\n      name\n      kind\n      teamName\n      appId\n      certType\n      status\n      expiresAt\n      usable\n      feeFen\n    }\n    signableDylibs {\n      id\n      name\n      version\n      iconUrl\n    }\n    signingSettings {\n      chargeMode\n      feeFen\n      artifactHours\n      downloadsPerTask\n      maxUploadMb\n    }\n  }\n": typeof types.SigningFormDocument,
    "\n  query MySigningUploads {\n    mySigningUploads {\n      id\n      filename\n      size\n      name\n      bundleId\n      version\n      build\n      minOsVersion\n      iconUrl\n      expiresAt\n    }\n  }\n": typeof types.MySigningUploadsDocument,
    "\n  query SigningApp($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      bundleId\n      hasIpa\n    }\n  }\n": typeof types.SigningAppDocument,
    "\n  query SignableApps($search: String, $page: Int, $pageSize: Int) {\n    signableApps(search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        name\n        bundleId\n        version\n        iconUrl\n        bought\n        size\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": typeof types.SignableAppsDocument,
    "\n  query MySigningTasks($page: Int, $pageSize: Int) {\n    mySigningTasks(page: $page, pageSize: $pageSize) {\n      items {\n        ...SigningTaskFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": typeof types.MySigningTasksDocument,
    "\n  query SigningTask($id: ID!) {\n    signingTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n": typeof types.SigningTaskDocument,
    "\n  subscription SigningTaskUpdated {\n    signingTaskUpdated {\n      ...SigningTaskFields\n    }\n  }\n": typeof types.SigningTaskUpdatedDocument,
    "\n  query SigningInstall($id: ID!, $token: String) {\n    signingInstall(id: $id, token: $token) {\n      taskId\n      appName\n      bundleId\n      version\n      iconUrl\n      certificateName\n      size\n      itmsUrl\n      manifestUrl\n      downloadUrl\n      installPageUrl\n      https\n      expiresAt\n      downloadsLeft\n      resignedAt\n    }\n  }\n": typeof types.SigningInstallDocument,
    "\n  mutation CreateSigningTask($input: CreateSigningTaskInput!) {\n    createSigningTask(input: $input) {\n      ...SigningTaskFields\n    }\n  }\n": typeof types.CreateSigningTaskDocument,
    "\n  mutation CancelSigningTask($id: ID!) {\n    cancelSigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n": typeof types.CancelSigningTaskDocument,
    "\n  mutation RetrySigningTask($id: ID!) {\n    retrySigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n": typeof types.RetrySigningTaskDocument,
    "\n  mutation DeleteSigningTask($id: ID!) {\n    deleteSigningTask(id: $id)\n  }\n": typeof types.DeleteSigningTaskDocument,
    "\n  mutation ResignSigningTask($id: ID!, $certificateId: ID!) {\n    resignSigningTask(id: $id, certificateId: $certificateId) {\n      ...SigningTaskFields\n    }\n  }\n": typeof types.ResignSigningTaskDocument,
    "\n  query SiteInfo {\n    siteInfo {\n      siteName\n      siteLogo\n      seoSubtitle\n      seoKeywords\n      seoDescription\n    }\n    footer {\n      icpNumber\n      copyrightInfo\n    }\n    contentVersions {\n      settings\n    }\n  }\n": typeof types.SiteInfoDocument,
    "\n  query Contact {\n    contact {\n      wechat\n      qq\n      email\n    }\n  }\n": typeof types.ContactDocument,
    "\n  query LegalDocuments {\n    legalDocuments {\n      userAgreement\n      privacyPolicy\n    }\n  }\n": typeof types.LegalDocumentsDocument,
    "\n  fragment SoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    description\n    format\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastSuccessAt\n    lastFetchAt\n    lastError\n    isPrivate\n  }\n": typeof types.SoftwareSourceFieldsFragmentDoc,
    "\n  fragment SoftwareSourceAppFields on SoftwareSourceApp {\n    id\n    sourceId\n    sourceName\n    name\n    bundleId\n    version\n    versionDate\n    size\n    description\n    iconUrl\n    locked\n  }\n": typeof types.SoftwareSourceAppFieldsFragmentDoc,
    "\n  query SoftwareSources {\n    softwareSources {\n      ...SoftwareSourceFields\n    }\n  }\n": typeof types.SoftwareSourcesDocument,
    "\n  query SoftwareSource($id: ID!) {\n    softwareSource(id: $id) {\n      ...SoftwareSourceFields\n      news {\n        title\n        caption\n        date\n        url\n      }\n    }\n  }\n": typeof types.SoftwareSourceDocument,
    "\n  query SoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n": typeof types.SoftwareSourceAppsDocument,
    "\n  query SearchSoftwareSourceApps($q: String!, $page: Int, $pageSize: Int) {\n    searchSoftwareSourceApps(q: $q, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n": typeof types.SearchSoftwareSourceAppsDocument,
    "\n  query SoftwareSourceApp($id: ID!) {\n    softwareSourceApp(id: $id) {\n      ...SoftwareSourceAppFields\n      developer\n      category\n      downloadUrl\n      versionDescription\n      payUrl\n      unlockUrl\n    }\n  }\n": typeof types.SoftwareSourceAppDocument,
    "\n  mutation AddSoftwareSource($name: String!, $url: String!) {\n    addSoftwareSource(name: $name, url: $url) {\n      ...SoftwareSourceFields\n    }\n  }\n": typeof types.AddSoftwareSourceDocument,
    "\n  mutation RemoveSoftwareSource($id: ID!) {\n    removeSoftwareSource(id: $id)\n  }\n": typeof types.RemoveSoftwareSourceDocument,
    "\n  mutation RefreshSoftwareSource($id: ID!) {\n    refreshSoftwareSource(id: $id) {\n      ...SoftwareSourceFields\n    }\n  }\n": typeof types.RefreshSoftwareSourceDocument,
    "\n  mutation ImportSourceAppForSigning($sourceAppId: ID!) {\n    importSourceAppForSigning(sourceAppId: $sourceAppId) {\n      id\n      name\n      bundleId\n    }\n  }\n": typeof types.ImportSourceAppForSigningDocument,
    "\n  query EsignUnlock {\n    esignUnlock {\n      code\n      devices {\n        udid\n        unlockedAt\n      }\n    }\n  }\n": typeof types.EsignUnlockDocument,
    "\n  fragment DeviceFields on Device {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    boundAt\n  }\n": typeof types.DeviceFieldsFragmentDoc,
    "\n  query MyDevices {\n    myDevices {\n      ...DeviceFields\n    }\n  }\n": typeof types.MyDevicesDocument,
    "\n  mutation UnbindDevice($id: ID!) {\n    unbindDevice(id: $id)\n  }\n": typeof types.UnbindDeviceDocument,
    "\n  mutation ConsumeUdidSession($id: String!) {\n    consumeUdidSession(id: $id) {\n      relayed\n      attached\n      device {\n        ...DeviceFields\n      }\n    }\n  }\n": typeof types.ConsumeUdidSessionDocument,
    "\n  query MyWallet {\n    myWallet {\n      balance\n    }\n  }\n": typeof types.MyWalletDocument,
    "\n  subscription WalletChanged {\n    walletChanged {\n      balance\n      amount\n      type\n      orderNo\n      at\n    }\n  }\n": typeof types.WalletChangedDocument,
    "\n  fragment LedgerEntryFields on LedgerEntry {\n    id\n    type\n    amount\n    balanceAfter\n    orderNo\n    note\n    createdAt\n  }\n": typeof types.LedgerEntryFieldsFragmentDoc,
    "\n  query MyWalletTransactions($type: String, $page: Int!, $pageSize: Int!) {\n    myWalletTransactions(type: $type, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n      }\n    }\n  }\n": typeof types.MyWalletTransactionsDocument,
    "\n  fragment OrderFields on Order {\n    id\n    orderNo\n    kind\n    itemId\n    itemName\n    amount\n    status\n    payMethod\n    createdAt\n    paidAt\n    fulfilledAt\n    closedAt\n    refundedAt\n    refundReason\n    payable\n  }\n": typeof types.OrderFieldsFragmentDoc,
    "\n  query MyOrders($status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    myOrders(status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...OrderFields\n      }\n    }\n  }\n": typeof types.MyOrdersDocument,
    "\n  query MyOrder($ref: String!) {\n    myOrder(ref: $ref) {\n      ...OrderFields\n    }\n  }\n": typeof types.MyOrderDocument,
    "\n  mutation BuyItem($kind: CatalogKind!, $id: ID!) {\n    buyItem(kind: $kind, id: $id) {\n      id\n      orderNo\n      status\n    }\n  }\n": typeof types.BuyItemDocument,
    "\n  query DownloadQuote($kind: CatalogKind!, $id: ID!) {\n    downloadQuote(kind: $kind, id: $id) {\n      fee\n      rule\n      fileSize\n      quoteId\n    }\n  }\n": typeof types.DownloadQuoteDocument,
    "\n  mutation ConfirmDownload($quoteId: String!) {\n    confirmDownload(quoteId: $quoteId) {\n      token\n      fee\n      orderNo\n      expiresAt\n      charged\n    }\n  }\n": typeof types.ConfirmDownloadDocument,
    "\n  fragment WithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    createdAt\n    reviewedAt\n  }\n": typeof types.WithdrawalFieldsFragmentDoc,
    "\n  query MyWithdrawals($page: Int!, $pageSize: Int!) {\n    myFrozenBalance\n    myWithdrawals(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...WithdrawalFields\n      }\n    }\n  }\n": typeof types.MyWithdrawalsDocument,
    "\n  mutation RequestWithdrawal($input: WithdrawInput!) {\n    requestWithdrawal(input: $input) {\n      ...WithdrawalFields\n    }\n  }\n": typeof types.RequestWithdrawalDocument,
    "\n  query PaymentMethods {\n    paymentMethods {\n      id\n      name\n      channel\n      minAmount\n      maxAmount\n    }\n  }\n": typeof types.PaymentMethodsDocument,
    "\n  mutation PayOrder($orderNo: String!, $method: String!) {\n    payOrder(orderNo: $orderNo, method: $method) {\n      paid\n      order {\n        ...OrderFields\n      }\n      payment {\n        orderNo\n        payUrl\n      }\n    }\n  }\n": typeof types.PayOrderDocument,
};
const documents: Documents = {
    "\n  fragment AdminAnnouncementFields on Announcement {\n    id\n    title\n    content\n    status\n    publishedAt\n    createdAt\n    updatedAt\n    readCount\n  }\n": types.AdminAnnouncementFieldsFragmentDoc,
    "\n  query AdminAnnouncements($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminAnnouncements(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAnnouncementFields\n      }\n    }\n  }\n": types.AdminAnnouncementsDocument,
    "\n  mutation CreateAnnouncement($input: AnnouncementInput!) {\n    createAnnouncement(input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n": types.CreateAnnouncementDocument,
    "\n  mutation UpdateAnnouncement($id: ID!, $input: AnnouncementInput!) {\n    updateAnnouncement(id: $id, input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n": types.UpdateAnnouncementDocument,
    "\n  mutation DeleteAnnouncement($id: ID!) {\n    deleteAnnouncement(id: $id)\n  }\n": types.DeleteAnnouncementDocument,
    "\n  mutation SetAnnouncementStatus($id: ID!, $status: String!) {\n    setAnnouncementStatus(id: $id, status: $status) {\n      ...AdminAnnouncementFields\n    }\n  }\n": types.SetAnnouncementStatusDocument,
    "\n  mutation BatchAnnouncements($operation: String!, $ids: [ID!]!) {\n    batchAnnouncements(operation: $operation, ids: $ids) {\n      operation\n      affected\n    }\n  }\n": types.BatchAnnouncementsDocument,
    "\n  fragment AdminAppFields on App {\n    id\n    name\n    icon\n    version\n    size\n    description\n    keywords\n    categoryId\n    categoryName\n    price\n    bundleId\n    developer\n    isActive\n    sortOrder\n    hasIpa\n    downloadCount\n    downloadBytes\n    minOsVersion\n    updatedAt\n  }\n": types.AdminAppFieldsFragmentDoc,
    "\n  query AdminApps($search: String, $categoryId: ID, $page: Int!, $pageSize: Int!) {\n    adminApps(search: $search, categoryId: $categoryId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAppFields\n      }\n    }\n  }\n": types.AdminAppsDocument,
    "\n  query AdminAppIds($page: Int!, $pageSize: Int!) {\n    adminApps(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n": types.AdminAppIdsDocument,
    "\n  mutation CreateApp($input: AppInput!) {\n    createApp(input: $input) {\n      ...AdminAppFields\n    }\n  }\n": types.CreateAppDocument,
    "\n  mutation UpdateApp($id: ID!, $input: AppInput!) {\n    updateApp(id: $id, input: $input) {\n      ...AdminAppFields\n    }\n  }\n": types.UpdateAppDocument,
    "\n  mutation DeleteApps($ids: [ID!]!) {\n    deleteApps(ids: $ids)\n  }\n": types.DeleteAppsDocument,
    "\n  mutation ReorderApps($ids: [ID!]!) {\n    reorderApps(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": types.ReorderAppsDocument,
    "\n  mutation SetAppActive($id: ID!, $isActive: Boolean!) {\n    setAppActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": types.SetAppActiveDocument,
    "\n  fragment AdminCategoryFields on Category {\n    id\n    name\n    displayName\n    weigh\n    kind\n    builtIn\n  }\n": types.AdminCategoryFieldsFragmentDoc,
    "\n  query AdminCategories {\n    categories {\n      ...AdminCategoryFields\n    }\n  }\n": types.AdminCategoriesDocument,
    "\n  mutation CreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n": types.CreateCategoryDocument,
    "\n  mutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n": types.UpdateCategoryDocument,
    "\n  mutation DeleteCategory($id: ID!) {\n    deleteCategory(id: $id)\n  }\n": types.DeleteCategoryDocument,
    "\n  mutation ReorderCategories($ids: [ID!]!) {\n    reorderCategories(ids: $ids) {\n      ...AdminCategoryFields\n    }\n  }\n": types.ReorderCategoriesDocument,
    "\n  mutation ResetDefaultCategories {\n    resetDefaultCategories {\n      ...AdminCategoryFields\n    }\n  }\n": types.ResetDefaultCategoriesDocument,
    "\n  fragment AdminBannerFields on Banner {\n    id\n    imageUrl\n    altText\n    title\n    linkUrl\n    isActive\n    sortOrder\n    updatedAt\n  }\n": types.AdminBannerFieldsFragmentDoc,
    "\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n": types.AdminBannersDocument,
    "\n  mutation CreateBanner($input: BannerInput!) {\n    createBanner(input: $input) {\n      ...AdminBannerFields\n    }\n  }\n": types.CreateBannerDocument,
    "\n  mutation UpdateBanner($id: ID!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      ...AdminBannerFields\n    }\n  }\n": types.UpdateBannerDocument,
    "\n  mutation DeleteBanner($id: ID!) {\n    deleteBanner(id: $id)\n  }\n": types.DeleteBannerDocument,
    "\n  mutation SetBannerActive($id: ID!, $isActive: Boolean!) {\n    setBannerActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": types.SetBannerActiveDocument,
    "\n  mutation ReorderBanners($ids: [ID!]!) {\n    reorderBanners(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": types.ReorderBannersDocument,
    "\n  fragment AdminCardKeyBatchFields on CardKeyBatch {\n    id\n    kind\n    amount\n    count\n    prefix\n    expiresAt\n    disabled\n    createdBy\n    createdAt\n    redeemedCount\n    disabledCount\n  }\n": types.AdminCardKeyBatchFieldsFragmentDoc,
    "\n  query AdminCardKeyBatches($page: Int, $pageSize: Int) {\n    adminCardKeyBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n": types.AdminCardKeyBatchesDocument,
    "\n  query AdminCardKeys($batchId: ID!, $page: Int, $pageSize: Int) {\n    adminCardKeys(batchId: $batchId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        hint\n        status\n        disabled\n        redeemedBy\n        redeemedByUsername\n        redeemedAt\n      }\n    }\n  }\n": types.AdminCardKeysDocument,
    "\n  mutation GenerateCardKeys($input: GenerateCardKeysInput!) {\n    generateCardKeys(input: $input) {\n      batchId\n      codes\n      batch {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n": types.GenerateCardKeysDocument,
    "\n  mutation SetCardKeyBatchDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyBatchDisabled(id: $id, disabled: $disabled) {\n      ...AdminCardKeyBatchFields\n    }\n  }\n": types.SetCardKeyBatchDisabledDocument,
    "\n  mutation SetCardKeyDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyDisabled(id: $id, disabled: $disabled) {\n      id\n      status\n      disabled\n    }\n  }\n": types.SetCardKeyDisabledDocument,
    "\n  fragment AdminCategoryAnnouncementFields on CategoryAnnouncement {\n    id\n    categoryId\n    title\n    content\n    isActive\n    updatedAt\n  }\n": types.AdminCategoryAnnouncementFieldsFragmentDoc,
    "\n  query AdminCategoryAnnouncements {\n    categories {\n      id\n      name\n      displayName\n      kind\n      builtIn\n    }\n    adminCategoryAnnouncements {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n": types.AdminCategoryAnnouncementsDocument,
    "\n  mutation UpsertCategoryAnnouncement($categoryId: ID!, $input: CategoryAnnouncementInput!) {\n    upsertCategoryAnnouncement(categoryId: $categoryId, input: $input) {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n": types.UpsertCategoryAnnouncementDocument,
    "\n  mutation DeleteCategoryAnnouncement($categoryId: ID!) {\n    deleteCategoryAnnouncement(categoryId: $categoryId)\n  }\n": types.DeleteCategoryAnnouncementDocument,
    "\n  fragment DetectionBatchFields on DetectionBatch {\n    id\n    status\n    total\n    done\n    good\n    revoked\n    unknown\n    error\n    cancelled\n    createdByName\n    createdAt\n    finishedAt\n    filter {\n      scope\n      status\n      search\n    }\n  }\n": types.DetectionBatchFieldsFragmentDoc,
    "\n  query DetectionBatches($page: Int, $pageSize: Int) {\n    detectionBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...DetectionBatchFields\n      }\n    }\n  }\n": types.DetectionBatchesDocument,
    "\n  query DetectionCandidates($filter: DetectionFilterInput) {\n    detectionCandidates(filter: $filter)\n  }\n": types.DetectionCandidatesDocument,
    "\n  mutation StartDetectionBatch($filter: DetectionFilterInput) {\n    startDetectionBatch(filter: $filter) {\n      ...DetectionBatchFields\n    }\n  }\n": types.StartDetectionBatchDocument,
    "\n  mutation CancelDetectionBatch($id: ID!) {\n    cancelDetectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n": types.CancelDetectionBatchDocument,
    "\n  subscription DetectionBatchProgress($id: ID!) {\n    detectionBatchProgress(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n": types.DetectionBatchProgressDocument,
    "\n  query DetectionBatch($id: ID!) {\n    detectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n": types.DetectionBatchDocument,
    "\n  fragment CertificateCheckFields on CertificateCheck {\n    id\n    certificateId\n    certificateName\n    username\n    status\n    ocspStatus\n    reason\n    report\n    createdAt\n    finishedAt\n  }\n": types.CertificateCheckFieldsFragmentDoc,
    "\n  mutation AdminCheckCertificate($id: ID!) {\n    adminCheckCertificate(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n": types.AdminCheckCertificateDocument,
    "\n  query AdminCertificateCheck($id: ID!) {\n    adminCertificateCheck(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n": types.AdminCertificateCheckDocument,
    "\n  fragment AdminCertificateFields on Certificate {\n    id\n    scope\n    userId\n    username\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    serialNumber\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    demo\n    createdAt\n  }\n": types.AdminCertificateFieldsFragmentDoc,
    "\n  query AdminCertificates($scope: String, $search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminCertificates(scope: $scope, search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCertificateFields\n      }\n    }\n  }\n": types.AdminCertificatesDocument,
    "\n  mutation AdminDeleteCertificate($id: ID!) {\n    adminDeleteCertificate(id: $id)\n  }\n": types.AdminDeleteCertificateDocument,
    "\n  query P8Keys {\n    p8Keys {\n      id\n      name\n      issuerId\n      keyId\n      createdAt\n    }\n  }\n": types.P8KeysDocument,
    "\n  mutation CreateP8Key($input: P8KeyInput!) {\n    createP8Key(input: $input) {\n      id\n    }\n  }\n": types.CreateP8KeyDocument,
    "\n  mutation DeleteP8Key($id: ID!) {\n    deleteP8Key(id: $id)\n  }\n": types.DeleteP8KeyDocument,
    "\n  query BusinessTimeZone {\n    businessTimeZone\n  }\n": types.BusinessTimeZoneDocument,
    "\n  fragment CsSessionFields on CsSession {\n    sessionId\n    userId\n    username\n    status\n    unreadAdmin\n    unreadUser\n    messageCount\n    lastMessageAt\n    lastMessagePreview\n    lastSenderType\n    createdAt\n  }\n": types.CsSessionFieldsFragmentDoc,
    "\n  fragment CsMessageFields on CsMessage {\n    id\n    sessionId\n    senderType\n    senderName\n    messageType\n    content\n    imageUrl\n    extraData {\n      order_id\n      item_name\n      amount\n      status\n      cert_id\n      name\n    }\n    createdAt\n  }\n": types.CsMessageFieldsFragmentDoc,
    "\n  query AdminCsSessions($search: String, $status: String, $page: Int!) {\n    adminCustomerServiceSessions(search: $search, status: $status, page: $page, pageSize: 50) {\n      items {\n        ...CsSessionFields\n      }\n      total\n    }\n  }\n": types.AdminCsSessionsDocument,
    "\n  query AdminCsMessages($sessionId: String!) {\n    adminCustomerServiceMessages(sessionId: $sessionId, page: 1, pageSize: 100) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n": types.AdminCsMessagesDocument,
    "\n  query AdminCsContext($sessionId: String!) {\n    adminCustomerServiceContext(sessionId: $sessionId) {\n      userId\n      username\n      orders {\n        id\n        orderNo\n        itemName\n        amount\n        status\n        createdAt\n      }\n      certificates {\n        id\n        name\n        status\n        teamName\n        expiresAt\n      }\n      devices {\n        id\n        udid\n        product\n        modelName\n        version\n        boundAt\n      }\n    }\n  }\n": types.AdminCsContextDocument,
    "\n  query AdminCsSearch($query: String!) {\n    adminSearchCustomerServiceMessages(query: $query) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n": types.AdminCsSearchDocument,
    "\n  mutation AdminCsSend($input: CsSendInput!) {\n    adminSendCustomerServiceMessage(input: $input) {\n      ...CsMessageFields\n    }\n  }\n": types.AdminCsSendDocument,
    "\n  mutation AdminCsRead($sessionId: String!) {\n    adminMarkCustomerServiceRead(sessionId: $sessionId) {\n      ...CsSessionFields\n    }\n  }\n": types.AdminCsReadDocument,
    "\n  mutation AdminCsStatus($sessionId: String!, $status: String!) {\n    adminSetCustomerServiceSessionStatus(sessionId: $sessionId, status: $status) {\n      ...CsSessionFields\n    }\n  }\n": types.AdminCsStatusDocument,
    "\n  subscription CsChanged {\n    customerServiceChanged {\n      session {\n        ...CsSessionFields\n      }\n      message {\n        ...CsMessageFields\n      }\n    }\n  }\n": types.CsChangedDocument,
    "\n  fragment CsSettingsFields on CsSettings {\n    enabled\n    customerServiceName\n    customerServiceAvatar\n    welcomeMessage\n    quickReplies {\n      question\n      answer\n    }\n    offlineMessage\n    serviceHoursStart\n    serviceHoursEnd\n  }\n": types.CsSettingsFieldsFragmentDoc,
    "\n  query AdminCsSettings {\n    adminCustomerServiceSettings {\n      ...CsSettingsFields\n    }\n  }\n": types.AdminCsSettingsDocument,
    "\n  mutation UpdateCsSettings($input: CsSettingsInput!) {\n    updateCustomerServiceSettings(input: $input) {\n      ...CsSettingsFields\n    }\n  }\n": types.UpdateCsSettingsDocument,
    "\n  query AdminDashboard($days: Int!) {\n    businessTimeZone\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n      revenueByDay(days: $days) {\n        date\n        recharges\n        sales\n        refunds\n      }\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  fragment WorkerStatusFields on WorkerStatus {\n    alive\n    lastSeenAt\n    workers {\n      worker\n      backend\n      queues\n      startedAt\n      lastSeenAt\n      alive\n    }\n  }\n": types.WorkerStatusFieldsFragmentDoc,
    "\n  query WorkerStatus {\n    workerStatus {\n      ...WorkerStatusFields\n    }\n  }\n": types.WorkerStatusDocument,
    "\n  subscription WorkerStatusChanged {\n    workerStatusChanged {\n      ...WorkerStatusFields\n    }\n  }\n": types.WorkerStatusChangedDocument,
    "\n  fragment AdminDeviceFields on AdminDevice {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    imei\n    userId\n    username\n    boundAt\n    unboundAt\n    capturedAt\n    createdAt\n    certificates {\n      id\n      name\n      scope\n      status\n    }\n  }\n": types.AdminDeviceFieldsFragmentDoc,
    "\n  query AdminDevices($search: String, $page: Int, $pageSize: Int) {\n    adminDevices(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDeviceFields\n      }\n    }\n  }\n": types.AdminDevicesDocument,
    "\n  mutation AdminUnbindDevice($id: ID!) {\n    adminUnbindDevice(id: $id) {\n      ...AdminDeviceFields\n    }\n  }\n": types.AdminUnbindDeviceDocument,
    "\n  fragment DeviceModelFields on DeviceModel {\n    id\n    product\n    name\n    updatedAt\n  }\n": types.DeviceModelFieldsFragmentDoc,
    "\n  query DeviceModels($search: String) {\n    deviceModels(search: $search) {\n      ...DeviceModelFields\n    }\n  }\n": types.DeviceModelsDocument,
    "\n  mutation CreateDeviceModel($input: DeviceModelInput!) {\n    createDeviceModel(input: $input) {\n      ...DeviceModelFields\n    }\n  }\n": types.CreateDeviceModelDocument,
    "\n  mutation UpdateDeviceModel($id: ID!, $input: DeviceModelInput!) {\n    updateDeviceModel(id: $id, input: $input) {\n      ...DeviceModelFields\n    }\n  }\n": types.UpdateDeviceModelDocument,
    "\n  mutation DeleteDeviceModel($id: ID!) {\n    deleteDeviceModel(id: $id)\n  }\n": types.DeleteDeviceModelDocument,
    "\n  fragment UdidSigningIdentityFields on UdidSigningIdentity {\n    configured\n    commonName\n    notAfter\n    updatedAt\n  }\n": types.UdidSigningIdentityFieldsFragmentDoc,
    "\n  query UdidSigningIdentity {\n    udidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n": types.UdidSigningIdentityDocument,
    "\n  mutation SetUdidSigningIdentity($p12Base64: String!, $password: String!) {\n    setUdidSigningIdentity(p12Base64: $p12Base64, password: $password) {\n      ...UdidSigningIdentityFields\n    }\n  }\n": types.SetUdidSigningIdentityDocument,
    "\n  mutation ClearUdidSigningIdentity {\n    clearUdidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n": types.ClearUdidSigningIdentityDocument,
    "\n  fragment AdminDylibFields on Dylib {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    category\n    author\n    tags\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n": types.AdminDylibFieldsFragmentDoc,
    "\n  query AdminDylibs($search: String, $page: Int!, $pageSize: Int!) {\n    adminDylibs(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDylibFields\n      }\n    }\n  }\n": types.AdminDylibsDocument,
    "\n  query AdminDylibIds($page: Int!, $pageSize: Int!) {\n    adminDylibs(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n": types.AdminDylibIdsDocument,
    "\n  mutation CreateDylib($input: DylibInput!) {\n    createDylib(input: $input) {\n      ...AdminDylibFields\n    }\n  }\n": types.CreateDylibDocument,
    "\n  mutation UpdateDylib($id: ID!, $input: DylibInput!) {\n    updateDylib(id: $id, input: $input) {\n      ...AdminDylibFields\n    }\n  }\n": types.UpdateDylibDocument,
    "\n  mutation DeleteDylibs($ids: [ID!]!) {\n    deleteDylibs(ids: $ids)\n  }\n": types.DeleteDylibsDocument,
    "\n  mutation ReorderDylibs($ids: [ID!]!) {\n    reorderDylibs(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": types.ReorderDylibsDocument,
    "\n  mutation SetDylibActive($id: ID!, $isActive: Boolean!) {\n    setDylibActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": types.SetDylibActiveDocument,
    "\n  fragment EmailRecordFields on EmailRecord {\n    id\n    to\n    subject\n    template\n    kind\n    status\n    smtpResponse\n    error\n    attempts\n    createdAt\n    sentAt\n    resentFrom\n  }\n": types.EmailRecordFieldsFragmentDoc,
    "\n  query AdminEmailRecords($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminEmailRecords(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      items {\n        ...EmailRecordFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": types.AdminEmailRecordsDocument,
    "\n  mutation AdminResendEmailRecord($id: ID!) {\n    adminResendEmailRecord(id: $id)\n  }\n": types.AdminResendEmailRecordDocument,
    "\n  fragment AdminPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    sold\n    enabled\n    sortOrder\n    orderCount\n  }\n": types.AdminPlanFieldsFragmentDoc,
    "\n  query AdminCertificatePackages {\n    adminCertificatePackages {\n      id\n      name\n      description\n      kind\n      source\n      supplierId\n      certificateId\n      deviceType\n      enabled\n      sortOrder\n      plans {\n        ...AdminPlanFields\n      }\n    }\n  }\n": types.AdminCertificatePackagesDocument,
    "\n  mutation CreateCertPackage($input: CertPackageInput!) {\n    createCertPackage(input: $input) {\n      id\n    }\n  }\n": types.CreateCertPackageDocument,
    "\n  mutation UpdateCertPackage($id: ID!, $input: CertPackageInput!) {\n    updateCertPackage(id: $id, input: $input) {\n      id\n      enabled\n    }\n  }\n": types.UpdateCertPackageDocument,
    "\n  mutation DeleteCertPackage($id: ID!, $force: Boolean) {\n    deleteCertPackage(id: $id, force: $force)\n  }\n": types.DeleteCertPackageDocument,
    "\n  mutation ReorderCertPackages($ids: [ID!]!) {\n    reorderCertPackages(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": types.ReorderCertPackagesDocument,
    "\n  mutation CreatePricePlan($packageId: ID!, $input: PricePlanInput!) {\n    createPricePlan(packageId: $packageId, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n": types.CreatePricePlanDocument,
    "\n  mutation UpdatePricePlan($id: ID!, $input: PricePlanInput!) {\n    updatePricePlan(id: $id, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n": types.UpdatePricePlanDocument,
    "\n  mutation DeletePricePlan($id: ID!, $force: Boolean) {\n    deletePricePlan(id: $id, force: $force)\n  }\n": types.DeletePricePlanDocument,
    "\n  mutation ReorderPricePlans($packageId: ID!, $ids: [ID!]!) {\n    reorderPricePlans(packageId: $packageId, ids: $ids) {\n      id\n    }\n  }\n": types.ReorderPricePlansDocument,
    "\n  query AdminAscAccounts {\n    adminAscAccounts {\n      id\n      name\n      p8KeyId\n      keyId\n      issuerId\n      certificateId\n      certificateName\n      teamId\n      deviceLimit\n      status\n      statusReason\n      enabled\n      deliveries\n      createdAt\n    }\n  }\n": types.AdminAscAccountsDocument,
    "\n  mutation CreateAscAccount($input: AscAccountInput!) {\n    createAscAccount(input: $input) {\n      id\n    }\n  }\n": types.CreateAscAccountDocument,
    "\n  mutation UpdateAscAccount($id: ID!, $input: AscAccountInput!) {\n    updateAscAccount(id: $id, input: $input) {\n      id\n      status\n      enabled\n    }\n  }\n": types.UpdateAscAccountDocument,
    "\n  mutation DeleteAscAccount($id: ID!) {\n    deleteAscAccount(id: $id)\n  }\n": types.DeleteAscAccountDocument,
    "\n  query AdminMallOrders($status: String, $search: String, $page: Int, $pageSize: Int) {\n    adminMallOrders(status: $status, search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        orderNo\n        kind\n        username\n        udid\n        packageName\n        planName\n        source\n        amount\n        status\n        attempts\n        lastError\n        certificateId\n        ascAccountId\n        createdAt\n        paidAt\n        deliveredAt\n        updatedAt\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": types.AdminMallOrdersDocument,
    "\n  query AdminMallOrderLogs($id: ID!) {\n    adminMallOrderLogs(id: $id) {\n      id\n      level\n      message\n      createdAt\n    }\n  }\n": types.AdminMallOrderLogsDocument,
    "\n  mutation RetryMallOrder($id: ID!) {\n    retryMallOrder(id: $id) {\n      id\n      status\n    }\n  }\n": types.RetryMallOrderDocument,
    "\n  query AdminCertSuppliers {\n    adminCertSuppliers {\n      id\n      name\n      baseUrl\n      productMapJson\n      timeoutMs\n      enabled\n      allowPrivate\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n      createdAt\n    }\n  }\n": types.AdminCertSuppliersDocument,
    "\n  mutation CreateCertSupplier($input: CertSupplierInput!) {\n    createCertSupplier(input: $input) {\n      id\n    }\n  }\n": types.CreateCertSupplierDocument,
    "\n  mutation UpdateCertSupplier($id: ID!, $input: CertSupplierInput!) {\n    updateCertSupplier(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateCertSupplierDocument,
    "\n  mutation DeleteCertSupplier($id: ID!) {\n    deleteCertSupplier(id: $id)\n  }\n": types.DeleteCertSupplierDocument,
    "\n  mutation TestCertSupplier($id: ID!) {\n    testCertSupplier(id: $id) {\n      id\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n    }\n  }\n": types.TestCertSupplierDocument,
    "\n  fragment AdminPaymentMethodFields on PaymentMethod {\n    id\n    name\n    channel\n    gatewayUrl\n    pid\n    minAmount\n    maxAmount\n    enabled\n    updatedAt\n  }\n": types.AdminPaymentMethodFieldsFragmentDoc,
    "\n  query AdminPaymentMethods {\n    adminPaymentMethods {\n      ...AdminPaymentMethodFields\n    }\n  }\n": types.AdminPaymentMethodsDocument,
    "\n  mutation CreatePaymentMethod($input: PaymentMethodInput!) {\n    createPaymentMethod(input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n": types.CreatePaymentMethodDocument,
    "\n  mutation UpdatePaymentMethod($id: ID!, $input: PaymentMethodInput!) {\n    updatePaymentMethod(id: $id, input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n": types.UpdatePaymentMethodDocument,
    "\n  mutation SetPaymentMethodEnabled($id: ID!, $enabled: Boolean!) {\n    setPaymentMethodEnabled(id: $id, enabled: $enabled) {\n      ...AdminPaymentMethodFields\n    }\n  }\n": types.SetPaymentMethodEnabledDocument,
    "\n  query AdminRechargeOrders($page: Int, $pageSize: Int, $status: String, $search: String) {\n    adminRechargeOrders(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        orderNo\n        username\n        methodName\n        channel\n        amount\n        status\n        tradeNo\n        createdAt\n        paidAt\n      }\n    }\n  }\n": types.AdminRechargeOrdersDocument,
    "\n  fragment AdminWithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    userId\n    username\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    reviewedBy\n    createdAt\n    reviewedAt\n  }\n": types.AdminWithdrawalFieldsFragmentDoc,
    "\n  query AdminWithdrawals($page: Int!, $pageSize: Int!, $status: String, $search: String) {\n    adminWithdrawals(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        ...AdminWithdrawalFields\n      }\n    }\n  }\n": types.AdminWithdrawalsDocument,
    "\n  query PendingWithdrawalsCount {\n    adminWithdrawals(status: \"pending\", page: 1, pageSize: 1) {\n      total\n    }\n  }\n": types.PendingWithdrawalsCountDocument,
    "\n  mutation ApproveWithdrawal($id: ID!, $payoutRef: String) {\n    approveWithdrawal(id: $id, payoutRef: $payoutRef) {\n      ...AdminWithdrawalFields\n    }\n  }\n": types.ApproveWithdrawalDocument,
    "\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...AdminWithdrawalFields\n    }\n  }\n": types.RejectWithdrawalDocument,
    "\n  fragment AdminQQGroupFields on QQGroup {\n    id\n    name\n    number\n    isActive\n    sortOrder\n  }\n": types.AdminQqGroupFieldsFragmentDoc,
    "\n  query AdminQQGroups {\n    adminQQGroups {\n      ...AdminQQGroupFields\n    }\n  }\n": types.AdminQqGroupsDocument,
    "\n  mutation CreateQQGroup($input: QQGroupInput!) {\n    createQQGroup(input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n": types.CreateQqGroupDocument,
    "\n  mutation UpdateQQGroup($id: ID!, $input: QQGroupInput!) {\n    updateQQGroup(id: $id, input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n": types.UpdateQqGroupDocument,
    "\n  mutation DeleteQQGroup($id: ID!) {\n    deleteQQGroup(id: $id)\n  }\n": types.DeleteQqGroupDocument,
    "\n  mutation ReorderQQGroups($ids: [ID!]!) {\n    reorderQQGroups(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": types.ReorderQqGroupsDocument,
    "\n  query AdminResignIncidents($page: Int, $pageSize: Int) {\n    adminResignIncidents(page: $page, pageSize: $pageSize) {\n      items {\n        id\n        certificateId\n        certificateName\n        foundAt\n        foundBy\n        status\n        finishedAt\n        tasksTotal\n        tasksRepaired\n        tasksFailed\n        tasksOpen\n        usersAffected\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": types.AdminResignIncidentsDocument,
    "\n  query AdminResignIncidentItems($id: ID!) {\n    adminResignIncidentItems(id: $id) {\n      id\n      taskId\n      username\n      appName\n      status\n      replacementName\n      replacementSource\n      errorMessage\n      updatedAt\n    }\n  }\n": types.AdminResignIncidentItemsDocument,
    "\n  mutation RetryResignIncident($id: ID!) {\n    adminRetryResignIncident(id: $id) {\n      id\n      status\n      tasksOpen\n      tasksFailed\n    }\n  }\n": types.RetryResignIncidentDocument,
    "\n  fragment AdminResourceShareFields on ResourceShare {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n": types.AdminResourceShareFieldsFragmentDoc,
    "\n  query AdminResourceShares($search: String, $page: Int!, $pageSize: Int!) {\n    adminResourceShares(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminResourceShareFields\n      }\n    }\n  }\n": types.AdminResourceSharesDocument,
    "\n  query AdminResourceShareIds($page: Int!, $pageSize: Int!) {\n    adminResourceShares(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n": types.AdminResourceShareIdsDocument,
    "\n  mutation CreateResourceShare($input: ResourceShareInput!) {\n    createResourceShare(input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n": types.CreateResourceShareDocument,
    "\n  mutation UpdateResourceShare($id: ID!, $input: ResourceShareInput!) {\n    updateResourceShare(id: $id, input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n": types.UpdateResourceShareDocument,
    "\n  mutation DeleteResourceShares($ids: [ID!]!) {\n    deleteResourceShares(ids: $ids)\n  }\n": types.DeleteResourceSharesDocument,
    "\n  mutation ReorderResourceShares($ids: [ID!]!) {\n    reorderResourceShares(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n": types.ReorderResourceSharesDocument,
    "\n  mutation SetResourceShareActive($id: ID!, $isActive: Boolean!) {\n    setResourceShareActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n": types.SetResourceShareActiveDocument,
    "\n  fragment AdminSiteInfoFields on SiteInfo {\n    siteName\n    siteLogo\n    seoSubtitle\n    seoKeywords\n    seoDescription\n  }\n": types.AdminSiteInfoFieldsFragmentDoc,
    "\n  query AdminSiteInfo {\n    siteInfo {\n      ...AdminSiteInfoFields\n    }\n  }\n": types.AdminSiteInfoDocument,
    "\n  mutation UpdateSiteInfo($input: SiteInfoInput!) {\n    updateSiteInfo(input: $input) {\n      ...AdminSiteInfoFields\n    }\n  }\n": types.UpdateSiteInfoDocument,
    "\n  fragment AdminFooterFields on Footer {\n    icpNumber\n    copyrightInfo\n  }\n": types.AdminFooterFieldsFragmentDoc,
    "\n  query AdminFooter {\n    footer {\n      ...AdminFooterFields\n    }\n  }\n": types.AdminFooterDocument,
    "\n  mutation UpdateFooter($input: FooterInput!) {\n    updateFooter(input: $input) {\n      ...AdminFooterFields\n    }\n  }\n": types.UpdateFooterDocument,
    "\n  fragment AdminContactFields on Contact {\n    wechat\n    qq\n    email\n  }\n": types.AdminContactFieldsFragmentDoc,
    "\n  query AdminContact {\n    contact {\n      ...AdminContactFields\n    }\n  }\n": types.AdminContactDocument,
    "\n  mutation UpdateContact($input: ContactInput!) {\n    updateContact(input: $input) {\n      ...AdminContactFields\n    }\n  }\n": types.UpdateContactDocument,
    "\n  fragment AdminFeeSettingsFields on FeeSettings {\n    resourceFee\n    flowFee\n    flowFeeThresholdMB\n    flowFeeBase\n    flowFeeRatePerGB\n    flowFeeRounding\n    flowFeeMinMB\n    flowFeeMinAmount\n  }\n": types.AdminFeeSettingsFieldsFragmentDoc,
    "\n  query AdminFeeSettings {\n    feeSettings {\n      ...AdminFeeSettingsFields\n    }\n  }\n": types.AdminFeeSettingsDocument,
    "\n  mutation UpdateFeeSettings($input: FeeSettingsInput!) {\n    updateFeeSettings(input: $input) {\n      ...AdminFeeSettingsFields\n    }\n  }\n": types.UpdateFeeSettingsDocument,
    "\n  fragment AdminLegalFields on LegalDocuments {\n    userAgreement\n    privacyPolicy\n  }\n": types.AdminLegalFieldsFragmentDoc,
    "\n  query AdminLegal {\n    legalDocuments {\n      ...AdminLegalFields\n    }\n  }\n": types.AdminLegalDocument,
    "\n  mutation UpdateLegal($input: LegalDocumentsInput!) {\n    updateLegalDocuments(input: $input) {\n      ...AdminLegalFields\n    }\n  }\n": types.UpdateLegalDocument,
    "\n  query TrafficFeeExample($sizeMB: Float!, $fees: FeeSettingsInput) {\n    trafficFeeExample(sizeMB: $sizeMB, fees: $fees) {\n      sizeMB\n      fee\n      rule\n    }\n  }\n": types.TrafficFeeExampleDocument,
    "\n  fragment AdminSigningSettingsFields on SigningSettings {\n    chargeMode\n    feeFen\n    artifactHours\n    downloadsPerTask\n    dailyLimit\n    maxUploadMb\n  }\n": types.AdminSigningSettingsFieldsFragmentDoc,
    "\n  query AdminSigningSettings {\n    signingSettings {\n      ...AdminSigningSettingsFields\n    }\n  }\n": types.AdminSigningSettingsDocument,
    "\n  mutation UpdateSigningSettings($input: SigningSettingsInput!) {\n    updateSigningSettings(input: $input) {\n      ...AdminSigningSettingsFields\n    }\n  }\n": types.UpdateSigningSettingsDocument,
    "\n  fragment AdminSigningTaskFields on AdminSigningTask {\n    id\n    userId\n    username\n    certificateId\n    certificateName\n    source\n    uploadId\n    appId\n    options {\n      bundleId\n      displayName\n      version\n      dylibIds\n      removeUISupportedDevices\n      removePlugins\n      removeWatch\n    }\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    startedAt\n    finishedAt\n    report\n  }\n": types.AdminSigningTaskFieldsFragmentDoc,
    "\n  query AdminSigningTasks($filter: SigningTaskFilterInput, $page: Int!, $pageSize: Int!) {\n    adminSigningTasks(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSigningTaskFields\n      }\n    }\n  }\n": types.AdminSigningTasksDocument,
    "\n  query SigningStats {\n    signingStats {\n      queued\n      running\n      done\n      failed\n      cancelled\n      perDay {\n        day\n        count\n      }\n    }\n  }\n": types.SigningStatsDocument,
    "\n  mutation AdminRetrySigningTask($id: ID!) {\n    adminRetrySigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n": types.AdminRetrySigningTaskDocument,
    "\n  mutation AdminCancelSigningTask($id: ID!) {\n    adminCancelSigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n": types.AdminCancelSigningTaskDocument,
    "\n  mutation AdminDeleteSigningTask($id: ID!) {\n    adminDeleteSigningTask(id: $id)\n  }\n": types.AdminDeleteSigningTaskDocument,
    "\n  mutation AddSigningDownloads($id: ID!, $count: Int!) {\n    addSigningDownloads(id: $id, count: $count) {\n      ...AdminSigningTaskFields\n    }\n  }\n": types.AddSigningDownloadsDocument,
    "\n  mutation SigningCleanup {\n    signingCleanup {\n      artifacts\n      uploads\n      requeued\n      refunded\n    }\n  }\n": types.SigningCleanupDocument,
    "\n  fragment AdminSoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    customIconUrl\n    description\n    customDescription\n    enabled\n    sortOrder\n    refreshMinutes\n    allowPrivate\n    format\n    docName\n    identifier\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastFetchAt\n    lastSuccessAt\n    lastErrorCode\n    lastError\n    warnings\n    createdAt\n    updatedAt\n  }\n": types.AdminSoftwareSourceFieldsFragmentDoc,
    "\n  query AdminSoftwareSources($page: Int, $pageSize: Int, $q: String) {\n    adminSoftwareSources(page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSoftwareSourceFields\n      }\n    }\n  }\n": types.AdminSoftwareSourcesDocument,
    "\n  query AdminSoftwareSource($id: ID!) {\n    adminSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n    adminSoftwareSourceFetches(id: $id) {\n      id\n      startedAt\n      durationMs\n      outcome\n      httpStatus\n      bytes\n      appCount\n      warningCount\n      errorCode\n      errorMessage\n    }\n  }\n": types.AdminSoftwareSourceDocument,
    "\n  query AdminSoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        id\n        name\n        bundleId\n        version\n        versionDate\n        size\n        iconUrl\n        downloadUrl\n        locked\n        category\n      }\n    }\n  }\n": types.AdminSoftwareSourceAppsDocument,
    "\n  mutation AdminCreateSoftwareSource($input: SoftwareSourceInput!) {\n    adminCreateSoftwareSource(input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n": types.AdminCreateSoftwareSourceDocument,
    "\n  mutation AdminUpdateSoftwareSource($id: ID!, $input: SoftwareSourceInput!) {\n    adminUpdateSoftwareSource(id: $id, input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n": types.AdminUpdateSoftwareSourceDocument,
    "\n  mutation AdminDeleteSoftwareSource($id: ID!) {\n    adminDeleteSoftwareSource(id: $id)\n  }\n": types.AdminDeleteSoftwareSourceDocument,
    "\n  mutation AdminRefreshSoftwareSource($id: ID!) {\n    adminRefreshSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n": types.AdminRefreshSoftwareSourceDocument,
    "\n  query SoftwareSourceFeed {\n    softwareSourceFeedCategories\n    categories {\n      id\n      name\n      displayName\n      builtIn\n    }\n  }\n": types.SoftwareSourceFeedDocument,
    "\n  mutation SetSoftwareSourceFeedCategories($ids: [ID!]!) {\n    setSoftwareSourceFeedCategories(ids: $ids)\n  }\n": types.SetSoftwareSourceFeedCategoriesDocument,
    "\n  query SoftwareSourcePrivateAddresses {\n    softwareSourcePrivateAddressesAllowed\n  }\n": types.SoftwareSourcePrivateAddressesDocument,
    "\n  mutation SetSoftwareSourcePrivateAddresses($allowed: Boolean!) {\n    setSoftwareSourcePrivateAddressesAllowed(allowed: $allowed)\n  }\n": types.SetSoftwareSourcePrivateAddressesDocument,
    "\n  mutation ResetSoftwareSourceFeedLinks {\n    resetSoftwareSourceFeedLinks\n  }\n": types.ResetSoftwareSourceFeedLinksDocument,
    "\n  fragment StorageSettingsFields on StorageOverview {\n    backend\n    downloads\n    endpoint\n    region\n    bucket\n    accessKeyId\n    secretSet\n    forcePathStyle\n    publicUrl\n    envSettings {\n      field\n      variable\n    }\n  }\n": types.StorageSettingsFieldsFragmentDoc,
    "\n  query AdminStorage {\n    adminStorage {\n      ...StorageSettingsFields\n      directory\n      usage {\n        kind\n        count\n        bytes\n      }\n      localCount\n      localBytes\n      migration {\n        ...StorageMigrationFields\n      }\n    }\n  }\n": types.AdminStorageDocument,
    "\n  fragment StorageMigrationFields on StorageMigration {\n    id\n    status\n    totalCount\n    totalBytes\n    movedCount\n    movedBytes\n    failedCount\n    runs\n    lastError\n    startedAt\n    finishedAt\n  }\n": types.StorageMigrationFieldsFragmentDoc,
    "\n  mutation StartStorageMigration {\n    startStorageMigration {\n      ...StorageMigrationFields\n    }\n  }\n": types.StartStorageMigrationDocument,
    "\n  query StorageMigration($id: ID!) {\n    storageMigration(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n": types.StorageMigrationDocument,
    "\n  subscription StorageMigrationProgress($id: ID!) {\n    storageMigrationProgress(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n": types.StorageMigrationProgressDocument,
    "\n  mutation TestStorageConnection {\n    testStorageConnection {\n      ok\n      fault\n      message\n      ms\n    }\n  }\n": types.TestStorageConnectionDocument,
    "\n  mutation SaveStorageSettings($input: StorageSettingsInput!) {\n    saveStorageSettings(input: $input) {\n      ...StorageSettingsFields\n    }\n  }\n": types.SaveStorageSettingsDocument,
    "\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n": types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    businessTimeZone\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n": types.AdminCreateUserDocument,
    "\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n": types.AdminSetUserDisabledDocument,
    "\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": types.AdminSetUserRoleDocument,
    "\n  query StaffPermissions {\n    staffPermissions {\n      key\n      label\n    }\n  }\n": types.StaffPermissionsDocument,
    "\n  mutation AdminSetUserPermissions($id: ID!, $permissions: [String!]!) {\n    adminSetUserPermissions(id: $id, permissions: $permissions) {\n      id\n      permissions\n    }\n  }\n": types.AdminSetUserPermissionsDocument,
    "\n  fragment AdminOrderFields on Order {\n    ...OrderFields\n    userId\n    username\n  }\n": types.AdminOrderFieldsFragmentDoc,
    "\n  query AdminOrders($search: String, $status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    adminOrders(search: $search, status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminOrderFields\n      }\n    }\n  }\n": types.AdminOrdersDocument,
    "\n  mutation AdminRefundOrder($id: ID!, $reason: String) {\n    adminRefundOrder(id: $id, reason: $reason) {\n      ...AdminOrderFields\n    }\n  }\n": types.AdminRefundOrderDocument,
    "\n  mutation AdminSetOrderStatus($id: ID!, $status: String!) {\n    adminSetOrderStatus(id: $id, status: $status) {\n      ...AdminOrderFields\n    }\n  }\n": types.AdminSetOrderStatusDocument,
    "\n  query AdminLedger(\n    $user: String\n    $type: String\n    $orderNo: String\n    $from: String\n    $to: String\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    adminLedger(user: $user, type: $type, orderNo: $orderNo, from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n        userId\n        username\n      }\n    }\n  }\n": types.AdminLedgerDocument,
    "\n  query AdminUserWallet($userId: ID!) {\n    adminUserWallet(userId: $userId) {\n      balance\n    }\n  }\n": types.AdminUserWalletDocument,
    "\n  mutation AdminAdjustWallet($userId: ID!, $amount: String!, $reason: String!) {\n    adminAdjustWallet(userId: $userId, amount: $amount, reason: $reason) {\n      balance\n      amount\n    }\n  }\n": types.AdminAdjustWalletDocument,
    "\n  query Announcements {\n    announcements {\n      id\n      title\n      content\n      publishedAt\n      createdAt\n    }\n    contentVersions {\n      announcements\n    }\n  }\n": types.AnnouncementsDocument,
    "\n  mutation MarkAnnouncementRead($id: ID!) {\n    markAnnouncementRead(id: $id)\n  }\n": types.MarkAnnouncementReadDocument,
    "\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n": types.SessionUserFieldsFragmentDoc,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n": types.RegisterDocument,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n": types.MeDocument,
    "\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n": types.VerifyResetCodeDocument,
    "\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n": types.ResetPasswordDocument,
    "\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n": types.ResendResetCodeDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  mutation RedeemCardKey($code: String!) {\n    redeemCardKey(code: $code) {\n      kind\n      amount\n      balance\n    }\n  }\n": types.RedeemCardKeyDocument,
    "\n  query AppDetail($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      description\n      keywords\n      categoryName\n      price\n      bundleId\n      minOsVersion\n      updatedAt\n      hasIpa\n    }\n  }\n": types.AppDetailDocument,
    "\n  query DylibDetail($id: ID!) {\n    dylib(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      category\n      author\n      tags\n      hasFile\n      updatedAt\n    }\n  }\n": types.DylibDetailDocument,
    "\n  query ResourceShareDetail($id: ID!) {\n    resourceShare(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      hasFile\n      updatedAt\n    }\n  }\n": types.ResourceShareDetailDocument,
    "\n  query PurchaseStatus($kind: CatalogKind!, $id: ID!) {\n    purchaseStatus(kind: $kind, id: $id) {\n      itemId\n      kind\n      price\n      isFree\n      purchased\n    }\n  }\n": types.PurchaseStatusDocument,
    "\n  fragment CertificateCardFields on Certificate {\n    id\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    tempExpiresAt\n    autoResign\n  }\n": types.CertificateCardFieldsFragmentDoc,
    "\n  query MyCertificates {\n    myCertificates {\n      ...CertificateCardFields\n    }\n  }\n": types.MyCertificatesDocument,
    "\n  query CertificateDetail($id: ID!) {\n    certificate(id: $id) {\n      ...CertificateCardFields\n      serialNumber\n      sha1\n      notBefore\n      notAfter\n      profileUuid\n      appId\n      entitlements\n      devices\n      profileCreatedAt\n      profileExpiresAt\n      createdAt\n    }\n    myDevices {\n      id\n      udid\n      product\n      modelName\n    }\n  }\n": types.CertificateDetailDocument,
    "\n  mutation DeleteCertificate($id: ID!) {\n    deleteCertificate(id: $id)\n  }\n": types.DeleteCertificateDocument,
    "\n  query MyTempCertificates {\n    myTempCertificates {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n    myCertificates {\n      id\n      name\n      commonName\n      expiresAt\n      status\n    }\n    importableCertificateOrders {\n      id\n      orderNo\n      certificateId\n      name\n    }\n  }\n": types.MyTempCertificatesDocument,
    "\n  mutation DeleteTempCertificate($id: ID!) {\n    deleteTempCertificate(id: $id)\n  }\n": types.DeleteTempCertificateDocument,
    "\n  mutation ImportTempCertificate($certificateId: ID!, $days: Int) {\n    importTempCertificateFromMain(certificateId: $certificateId, days: $days) {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n  }\n": types.ImportTempCertificateDocument,
    "\n  mutation CheckCertificateStatus($id: ID!) {\n    checkCertificateStatus(id: $id) {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n": types.CheckCertificateStatusDocument,
    "\n  subscription CertificateChecked {\n    certificateChecked {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n": types.CertificateCheckedDocument,
    "\n  mutation SetCertificateAutoResign($id: ID!, $enabled: Boolean!) {\n    setCertificateAutoResign(id: $id, enabled: $enabled) {\n      ...CertificateCardFields\n    }\n  }\n": types.SetCertificateAutoResignDocument,
    "\n  subscription MessageAdded($sessionId: String!, $guestId: String) {\n    messageAdded(sessionId: $sessionId, guestId: $guestId) {\n      id\n      sessionId\n      senderType\n      senderName\n      messageType\n      content\n      imageUrl\n      extraData {\n        order_id\n        order_no\n        item_name\n        amount\n        status\n        cert_id\n        name\n        team_name\n        width\n        height\n      }\n      createdAt\n    }\n  }\n": types.MessageAddedDocument,
    "\n  query HomePage(\n    $categoryId: ID\n    $defaultCategory: Boolean! = false\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    banners {\n      id\n      imageUrl\n      altText\n      title\n      linkUrl\n    }\n    categories {\n      id\n      name\n      displayName\n      weigh\n      kind\n      builtIn\n    }\n    catalog(\n      categoryId: $categoryId\n      defaultCategory: $defaultCategory\n      price: $price\n      search: $search\n      page: $page\n      pageSize: $pageSize\n    ) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n": types.HomePageDocument,
    "\n  query CatalogPage(\n    $categoryId: ID\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    catalog(categoryId: $categoryId, price: $price, search: $search, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n": types.CatalogPageDocument,
    "\n  query SearchCatalog($search: String!, $price: PriceFilter! = ALL, $page: Int! = 1, $pageSize: Int! = 10) {\n    searchCatalog(search: $search, price: $price, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n": types.SearchCatalogDocument,
    "\n  fragment CatalogPageFields on CatalogPage {\n    categoryId\n    notice {\n      title\n      content\n    }\n    total\n    page\n    pageSize\n    items {\n      id\n      kind\n      name\n      icon\n      description\n      version\n      size\n      updatedAt\n      price\n      isFree\n      bundleId\n      author\n      category\n      tags\n    }\n  }\n": types.CatalogPageFieldsFragmentDoc,
    "\n  fragment ContentVersionFields on ContentVersions {\n    banners\n    categories\n    apps\n    dylibs\n    resourceShares\n    announcements\n    qqGroups\n    settings\n  }\n": types.ContentVersionFieldsFragmentDoc,
    "\n  fragment CertPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    enabled\n  }\n": types.CertPlanFieldsFragmentDoc,
    "\n  query CertificatePackages {\n    certificatePackages {\n      id\n      name\n      description\n      kind\n      deviceType\n      plans {\n        ...CertPlanFields\n      }\n    }\n  }\n": types.CertificatePackagesDocument,
    "\n  fragment MallOrderFields on MallOrder {\n    id\n    orderNo\n    kind\n    udid\n    packageName\n    planName\n    durationDays\n    warrantyDays\n    amount\n    status\n    certificateId\n    lastError\n    warrantyUntil\n    expiresAt\n    createdAt\n    paidAt\n    deliveredAt\n    updatedAt\n  }\n": types.MallOrderFieldsFragmentDoc,
    "\n  query MyMallOrders($page: Int, $pageSize: Int) {\n    myMallOrders(page: $page, pageSize: $pageSize) {\n      items {\n        ...MallOrderFields\n      }\n      total\n    }\n  }\n": types.MyMallOrdersDocument,
    "\n  query MyMallOrder($ref: String!) {\n    myMallOrder(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n": types.MyMallOrderDocument,
    "\n  subscription MallOrderChanged($ref: String!) {\n    mallOrderChanged(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n": types.MallOrderChangedDocument,
    "\n  mutation CreateCertificateOrder($planId: ID!, $deviceId: ID!) {\n    createCertificateOrder(planId: $planId, deviceId: $deviceId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n": types.CreateCertificateOrderDocument,
    "\n  mutation RenewCertificateOrder($orderId: ID!) {\n    renewCertificateOrder(orderId: $orderId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n": types.RenewCertificateOrderDocument,
    "\n  mutation RedeemCertificateCardKey($code: String!, $deviceId: ID!) {\n    redeemCertificateCardKey(code: $code, deviceId: $deviceId) {\n      ...MallOrderFields\n    }\n  }\n": types.RedeemCertificateCardKeyDocument,
    "\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      unread\n      items {\n        id\n        kind\n        title\n        body\n        link\n        readAt\n        createdAt\n      }\n    }\n  }\n": types.MyNotificationsDocument,
    "\n  mutation MarkNotificationsRead($id: ID) {\n    markNotificationsRead(id: $id)\n  }\n": types.MarkNotificationsReadDocument,
    "\n  query QQGroups {\n    qqGroups {\n      id\n      name\n      number\n    }\n  }\n": types.QqGroupsDocument,
    "\n  fragment SigningTaskFields on SigningTask {\n    id\n    certificateId\n    certificateName\n    source\n    appId\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    finishedAt\n    resignedAt\n    resignCount\n    resignState\n  }\n": types.SigningTaskFieldsFragmentDoc,
    "\n  query SigningForm {\n    signableCertificates {\n      id\n      name\n      kind\n      teamName\n      appId\n      certType\n      status\n      expiresAt\n      usable\n      feeFen\n    }\n    signableDylibs {\n      id\n      name\n      version\n      iconUrl\n    }\n    signingSettings {\n      chargeMode\n      feeFen\n      artifactHours\n      downloadsPerTask\n      maxUploadMb\n    }\n  }\n": types.SigningFormDocument,
    "\n  query MySigningUploads {\n    mySigningUploads {\n      id\n      filename\n      size\n      name\n      bundleId\n      version\n      build\n      minOsVersion\n      iconUrl\n      expiresAt\n    }\n  }\n": types.MySigningUploadsDocument,
    "\n  query SigningApp($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      bundleId\n      hasIpa\n    }\n  }\n": types.SigningAppDocument,
    "\n  query SignableApps($search: String, $page: Int, $pageSize: Int) {\n    signableApps(search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        name\n        bundleId\n        version\n        iconUrl\n        bought\n        size\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": types.SignableAppsDocument,
    "\n  query MySigningTasks($page: Int, $pageSize: Int) {\n    mySigningTasks(page: $page, pageSize: $pageSize) {\n      items {\n        ...SigningTaskFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n": types.MySigningTasksDocument,
    "\n  query SigningTask($id: ID!) {\n    signingTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n": types.SigningTaskDocument,
    "\n  subscription SigningTaskUpdated {\n    signingTaskUpdated {\n      ...SigningTaskFields\n    }\n  }\n": types.SigningTaskUpdatedDocument,
    "\n  query SigningInstall($id: ID!, $token: String) {\n    signingInstall(id: $id, token: $token) {\n      taskId\n      appName\n      bundleId\n      version\n      iconUrl\n      certificateName\n      size\n      itmsUrl\n      manifestUrl\n      downloadUrl\n      installPageUrl\n      https\n      expiresAt\n      downloadsLeft\n      resignedAt\n    }\n  }\n": types.SigningInstallDocument,
    "\n  mutation CreateSigningTask($input: CreateSigningTaskInput!) {\n    createSigningTask(input: $input) {\n      ...SigningTaskFields\n    }\n  }\n": types.CreateSigningTaskDocument,
    "\n  mutation CancelSigningTask($id: ID!) {\n    cancelSigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n": types.CancelSigningTaskDocument,
    "\n  mutation RetrySigningTask($id: ID!) {\n    retrySigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n": types.RetrySigningTaskDocument,
    "\n  mutation DeleteSigningTask($id: ID!) {\n    deleteSigningTask(id: $id)\n  }\n": types.DeleteSigningTaskDocument,
    "\n  mutation ResignSigningTask($id: ID!, $certificateId: ID!) {\n    resignSigningTask(id: $id, certificateId: $certificateId) {\n      ...SigningTaskFields\n    }\n  }\n": types.ResignSigningTaskDocument,
    "\n  query SiteInfo {\n    siteInfo {\n      siteName\n      siteLogo\n      seoSubtitle\n      seoKeywords\n      seoDescription\n    }\n    footer {\n      icpNumber\n      copyrightInfo\n    }\n    contentVersions {\n      settings\n    }\n  }\n": types.SiteInfoDocument,
    "\n  query Contact {\n    contact {\n      wechat\n      qq\n      email\n    }\n  }\n": types.ContactDocument,
    "\n  query LegalDocuments {\n    legalDocuments {\n      userAgreement\n      privacyPolicy\n    }\n  }\n": types.LegalDocumentsDocument,
    "\n  fragment SoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    description\n    format\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastSuccessAt\n    lastFetchAt\n    lastError\n    isPrivate\n  }\n": types.SoftwareSourceFieldsFragmentDoc,
    "\n  fragment SoftwareSourceAppFields on SoftwareSourceApp {\n    id\n    sourceId\n    sourceName\n    name\n    bundleId\n    version\n    versionDate\n    size\n    description\n    iconUrl\n    locked\n  }\n": types.SoftwareSourceAppFieldsFragmentDoc,
    "\n  query SoftwareSources {\n    softwareSources {\n      ...SoftwareSourceFields\n    }\n  }\n": types.SoftwareSourcesDocument,
    "\n  query SoftwareSource($id: ID!) {\n    softwareSource(id: $id) {\n      ...SoftwareSourceFields\n      news {\n        title\n        caption\n        date\n        url\n      }\n    }\n  }\n": types.SoftwareSourceDocument,
    "\n  query SoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n": types.SoftwareSourceAppsDocument,
    "\n  query SearchSoftwareSourceApps($q: String!, $page: Int, $pageSize: Int) {\n    searchSoftwareSourceApps(q: $q, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n": types.SearchSoftwareSourceAppsDocument,
    "\n  query SoftwareSourceApp($id: ID!) {\n    softwareSourceApp(id: $id) {\n      ...SoftwareSourceAppFields\n      developer\n      category\n      downloadUrl\n      versionDescription\n      payUrl\n      unlockUrl\n    }\n  }\n": types.SoftwareSourceAppDocument,
    "\n  mutation AddSoftwareSource($name: String!, $url: String!) {\n    addSoftwareSource(name: $name, url: $url) {\n      ...SoftwareSourceFields\n    }\n  }\n": types.AddSoftwareSourceDocument,
    "\n  mutation RemoveSoftwareSource($id: ID!) {\n    removeSoftwareSource(id: $id)\n  }\n": types.RemoveSoftwareSourceDocument,
    "\n  mutation RefreshSoftwareSource($id: ID!) {\n    refreshSoftwareSource(id: $id) {\n      ...SoftwareSourceFields\n    }\n  }\n": types.RefreshSoftwareSourceDocument,
    "\n  mutation ImportSourceAppForSigning($sourceAppId: ID!) {\n    importSourceAppForSigning(sourceAppId: $sourceAppId) {\n      id\n      name\n      bundleId\n    }\n  }\n": types.ImportSourceAppForSigningDocument,
    "\n  query EsignUnlock {\n    esignUnlock {\n      code\n      devices {\n        udid\n        unlockedAt\n      }\n    }\n  }\n": types.EsignUnlockDocument,
    "\n  fragment DeviceFields on Device {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    boundAt\n  }\n": types.DeviceFieldsFragmentDoc,
    "\n  query MyDevices {\n    myDevices {\n      ...DeviceFields\n    }\n  }\n": types.MyDevicesDocument,
    "\n  mutation UnbindDevice($id: ID!) {\n    unbindDevice(id: $id)\n  }\n": types.UnbindDeviceDocument,
    "\n  mutation ConsumeUdidSession($id: String!) {\n    consumeUdidSession(id: $id) {\n      relayed\n      attached\n      device {\n        ...DeviceFields\n      }\n    }\n  }\n": types.ConsumeUdidSessionDocument,
    "\n  query MyWallet {\n    myWallet {\n      balance\n    }\n  }\n": types.MyWalletDocument,
    "\n  subscription WalletChanged {\n    walletChanged {\n      balance\n      amount\n      type\n      orderNo\n      at\n    }\n  }\n": types.WalletChangedDocument,
    "\n  fragment LedgerEntryFields on LedgerEntry {\n    id\n    type\n    amount\n    balanceAfter\n    orderNo\n    note\n    createdAt\n  }\n": types.LedgerEntryFieldsFragmentDoc,
    "\n  query MyWalletTransactions($type: String, $page: Int!, $pageSize: Int!) {\n    myWalletTransactions(type: $type, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n      }\n    }\n  }\n": types.MyWalletTransactionsDocument,
    "\n  fragment OrderFields on Order {\n    id\n    orderNo\n    kind\n    itemId\n    itemName\n    amount\n    status\n    payMethod\n    createdAt\n    paidAt\n    fulfilledAt\n    closedAt\n    refundedAt\n    refundReason\n    payable\n  }\n": types.OrderFieldsFragmentDoc,
    "\n  query MyOrders($status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    myOrders(status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...OrderFields\n      }\n    }\n  }\n": types.MyOrdersDocument,
    "\n  query MyOrder($ref: String!) {\n    myOrder(ref: $ref) {\n      ...OrderFields\n    }\n  }\n": types.MyOrderDocument,
    "\n  mutation BuyItem($kind: CatalogKind!, $id: ID!) {\n    buyItem(kind: $kind, id: $id) {\n      id\n      orderNo\n      status\n    }\n  }\n": types.BuyItemDocument,
    "\n  query DownloadQuote($kind: CatalogKind!, $id: ID!) {\n    downloadQuote(kind: $kind, id: $id) {\n      fee\n      rule\n      fileSize\n      quoteId\n    }\n  }\n": types.DownloadQuoteDocument,
    "\n  mutation ConfirmDownload($quoteId: String!) {\n    confirmDownload(quoteId: $quoteId) {\n      token\n      fee\n      orderNo\n      expiresAt\n      charged\n    }\n  }\n": types.ConfirmDownloadDocument,
    "\n  fragment WithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    createdAt\n    reviewedAt\n  }\n": types.WithdrawalFieldsFragmentDoc,
    "\n  query MyWithdrawals($page: Int!, $pageSize: Int!) {\n    myFrozenBalance\n    myWithdrawals(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...WithdrawalFields\n      }\n    }\n  }\n": types.MyWithdrawalsDocument,
    "\n  mutation RequestWithdrawal($input: WithdrawInput!) {\n    requestWithdrawal(input: $input) {\n      ...WithdrawalFields\n    }\n  }\n": types.RequestWithdrawalDocument,
    "\n  query PaymentMethods {\n    paymentMethods {\n      id\n      name\n      channel\n      minAmount\n      maxAmount\n    }\n  }\n": types.PaymentMethodsDocument,
    "\n  mutation PayOrder($orderNo: String!, $method: String!) {\n    payOrder(orderNo: $orderNo, method: $method) {\n      paid\n      order {\n        ...OrderFields\n      }\n      payment {\n        orderNo\n        payUrl\n      }\n    }\n  }\n": types.PayOrderDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminAnnouncementFields on Announcement {\n    id\n    title\n    content\n    status\n    publishedAt\n    createdAt\n    updatedAt\n    readCount\n  }\n"): (typeof documents)["\n  fragment AdminAnnouncementFields on Announcement {\n    id\n    title\n    content\n    status\n    publishedAt\n    createdAt\n    updatedAt\n    readCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAnnouncements($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminAnnouncements(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAnnouncementFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminAnnouncements($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminAnnouncements(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAnnouncementFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAnnouncement($input: AnnouncementInput!) {\n    createAnnouncement(input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAnnouncement($input: AnnouncementInput!) {\n    createAnnouncement(input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAnnouncement($id: ID!, $input: AnnouncementInput!) {\n    updateAnnouncement(id: $id, input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAnnouncement($id: ID!, $input: AnnouncementInput!) {\n    updateAnnouncement(id: $id, input: $input) {\n      ...AdminAnnouncementFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAnnouncement($id: ID!) {\n    deleteAnnouncement(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAnnouncement($id: ID!) {\n    deleteAnnouncement(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAnnouncementStatus($id: ID!, $status: String!) {\n    setAnnouncementStatus(id: $id, status: $status) {\n      ...AdminAnnouncementFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetAnnouncementStatus($id: ID!, $status: String!) {\n    setAnnouncementStatus(id: $id, status: $status) {\n      ...AdminAnnouncementFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BatchAnnouncements($operation: String!, $ids: [ID!]!) {\n    batchAnnouncements(operation: $operation, ids: $ids) {\n      operation\n      affected\n    }\n  }\n"): (typeof documents)["\n  mutation BatchAnnouncements($operation: String!, $ids: [ID!]!) {\n    batchAnnouncements(operation: $operation, ids: $ids) {\n      operation\n      affected\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminAppFields on App {\n    id\n    name\n    icon\n    version\n    size\n    description\n    keywords\n    categoryId\n    categoryName\n    price\n    bundleId\n    developer\n    isActive\n    sortOrder\n    hasIpa\n    downloadCount\n    downloadBytes\n    minOsVersion\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminAppFields on App {\n    id\n    name\n    icon\n    version\n    size\n    description\n    keywords\n    categoryId\n    categoryName\n    price\n    bundleId\n    developer\n    isActive\n    sortOrder\n    hasIpa\n    downloadCount\n    downloadBytes\n    minOsVersion\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminApps($search: String, $categoryId: ID, $page: Int!, $pageSize: Int!) {\n    adminApps(search: $search, categoryId: $categoryId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAppFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminApps($search: String, $categoryId: ID, $page: Int!, $pageSize: Int!) {\n    adminApps(search: $search, categoryId: $categoryId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminAppFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAppIds($page: Int!, $pageSize: Int!) {\n    adminApps(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminAppIds($page: Int!, $pageSize: Int!) {\n    adminApps(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApp($input: AppInput!) {\n    createApp(input: $input) {\n      ...AdminAppFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApp($input: AppInput!) {\n    createApp(input: $input) {\n      ...AdminAppFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateApp($id: ID!, $input: AppInput!) {\n    updateApp(id: $id, input: $input) {\n      ...AdminAppFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateApp($id: ID!, $input: AppInput!) {\n    updateApp(id: $id, input: $input) {\n      ...AdminAppFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteApps($ids: [ID!]!) {\n    deleteApps(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation DeleteApps($ids: [ID!]!) {\n    deleteApps(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderApps($ids: [ID!]!) {\n    reorderApps(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderApps($ids: [ID!]!) {\n    reorderApps(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAppActive($id: ID!, $isActive: Boolean!) {\n    setAppActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation SetAppActive($id: ID!, $isActive: Boolean!) {\n    setAppActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCategoryFields on Category {\n    id\n    name\n    displayName\n    weigh\n    kind\n    builtIn\n  }\n"): (typeof documents)["\n  fragment AdminCategoryFields on Category {\n    id\n    name\n    displayName\n    weigh\n    kind\n    builtIn\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCategories {\n    categories {\n      ...AdminCategoryFields\n    }\n  }\n"): (typeof documents)["\n  query AdminCategories {\n    categories {\n      ...AdminCategoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      ...AdminCategoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCategory($id: ID!) {\n    deleteCategory(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteCategory($id: ID!) {\n    deleteCategory(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderCategories($ids: [ID!]!) {\n    reorderCategories(ids: $ids) {\n      ...AdminCategoryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderCategories($ids: [ID!]!) {\n    reorderCategories(ids: $ids) {\n      ...AdminCategoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetDefaultCategories {\n    resetDefaultCategories {\n      ...AdminCategoryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResetDefaultCategories {\n    resetDefaultCategories {\n      ...AdminCategoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminBannerFields on Banner {\n    id\n    imageUrl\n    altText\n    title\n    linkUrl\n    isActive\n    sortOrder\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminBannerFields on Banner {\n    id\n    imageUrl\n    altText\n    title\n    linkUrl\n    isActive\n    sortOrder\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n"): (typeof documents)["\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBanner($input: BannerInput!) {\n    createBanner(input: $input) {\n      ...AdminBannerFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBanner($input: BannerInput!) {\n    createBanner(input: $input) {\n      ...AdminBannerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBanner($id: ID!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      ...AdminBannerFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBanner($id: ID!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      ...AdminBannerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBanner($id: ID!) {\n    deleteBanner(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteBanner($id: ID!) {\n    deleteBanner(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBannerActive($id: ID!, $isActive: Boolean!) {\n    setBannerActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation SetBannerActive($id: ID!, $isActive: Boolean!) {\n    setBannerActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderBanners($ids: [ID!]!) {\n    reorderBanners(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderBanners($ids: [ID!]!) {\n    reorderBanners(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCardKeyBatchFields on CardKeyBatch {\n    id\n    kind\n    amount\n    count\n    prefix\n    expiresAt\n    disabled\n    createdBy\n    createdAt\n    redeemedCount\n    disabledCount\n  }\n"): (typeof documents)["\n  fragment AdminCardKeyBatchFields on CardKeyBatch {\n    id\n    kind\n    amount\n    count\n    prefix\n    expiresAt\n    disabled\n    createdBy\n    createdAt\n    redeemedCount\n    disabledCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCardKeyBatches($page: Int, $pageSize: Int) {\n    adminCardKeyBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCardKeyBatches($page: Int, $pageSize: Int) {\n    adminCardKeyBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCardKeys($batchId: ID!, $page: Int, $pageSize: Int) {\n    adminCardKeys(batchId: $batchId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        hint\n        status\n        disabled\n        redeemedBy\n        redeemedByUsername\n        redeemedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCardKeys($batchId: ID!, $page: Int, $pageSize: Int) {\n    adminCardKeys(batchId: $batchId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        hint\n        status\n        disabled\n        redeemedBy\n        redeemedByUsername\n        redeemedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateCardKeys($input: GenerateCardKeysInput!) {\n    generateCardKeys(input: $input) {\n      batchId\n      codes\n      batch {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateCardKeys($input: GenerateCardKeysInput!) {\n    generateCardKeys(input: $input) {\n      batchId\n      codes\n      batch {\n        ...AdminCardKeyBatchFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCardKeyBatchDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyBatchDisabled(id: $id, disabled: $disabled) {\n      ...AdminCardKeyBatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetCardKeyBatchDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyBatchDisabled(id: $id, disabled: $disabled) {\n      ...AdminCardKeyBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCardKeyDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyDisabled(id: $id, disabled: $disabled) {\n      id\n      status\n      disabled\n    }\n  }\n"): (typeof documents)["\n  mutation SetCardKeyDisabled($id: ID!, $disabled: Boolean!) {\n    setCardKeyDisabled(id: $id, disabled: $disabled) {\n      id\n      status\n      disabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCategoryAnnouncementFields on CategoryAnnouncement {\n    id\n    categoryId\n    title\n    content\n    isActive\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminCategoryAnnouncementFields on CategoryAnnouncement {\n    id\n    categoryId\n    title\n    content\n    isActive\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCategoryAnnouncements {\n    categories {\n      id\n      name\n      displayName\n      kind\n      builtIn\n    }\n    adminCategoryAnnouncements {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n"): (typeof documents)["\n  query AdminCategoryAnnouncements {\n    categories {\n      id\n      name\n      displayName\n      kind\n      builtIn\n    }\n    adminCategoryAnnouncements {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpsertCategoryAnnouncement($categoryId: ID!, $input: CategoryAnnouncementInput!) {\n    upsertCategoryAnnouncement(categoryId: $categoryId, input: $input) {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpsertCategoryAnnouncement($categoryId: ID!, $input: CategoryAnnouncementInput!) {\n    upsertCategoryAnnouncement(categoryId: $categoryId, input: $input) {\n      ...AdminCategoryAnnouncementFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCategoryAnnouncement($categoryId: ID!) {\n    deleteCategoryAnnouncement(categoryId: $categoryId)\n  }\n"): (typeof documents)["\n  mutation DeleteCategoryAnnouncement($categoryId: ID!) {\n    deleteCategoryAnnouncement(categoryId: $categoryId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DetectionBatchFields on DetectionBatch {\n    id\n    status\n    total\n    done\n    good\n    revoked\n    unknown\n    error\n    cancelled\n    createdByName\n    createdAt\n    finishedAt\n    filter {\n      scope\n      status\n      search\n    }\n  }\n"): (typeof documents)["\n  fragment DetectionBatchFields on DetectionBatch {\n    id\n    status\n    total\n    done\n    good\n    revoked\n    unknown\n    error\n    cancelled\n    createdByName\n    createdAt\n    finishedAt\n    filter {\n      scope\n      status\n      search\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DetectionBatches($page: Int, $pageSize: Int) {\n    detectionBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...DetectionBatchFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DetectionBatches($page: Int, $pageSize: Int) {\n    detectionBatches(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...DetectionBatchFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DetectionCandidates($filter: DetectionFilterInput) {\n    detectionCandidates(filter: $filter)\n  }\n"): (typeof documents)["\n  query DetectionCandidates($filter: DetectionFilterInput) {\n    detectionCandidates(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartDetectionBatch($filter: DetectionFilterInput) {\n    startDetectionBatch(filter: $filter) {\n      ...DetectionBatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartDetectionBatch($filter: DetectionFilterInput) {\n    startDetectionBatch(filter: $filter) {\n      ...DetectionBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelDetectionBatch($id: ID!) {\n    cancelDetectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelDetectionBatch($id: ID!) {\n    cancelDetectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DetectionBatchProgress($id: ID!) {\n    detectionBatchProgress(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n"): (typeof documents)["\n  subscription DetectionBatchProgress($id: ID!) {\n    detectionBatchProgress(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DetectionBatch($id: ID!) {\n    detectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n"): (typeof documents)["\n  query DetectionBatch($id: ID!) {\n    detectionBatch(id: $id) {\n      ...DetectionBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CertificateCheckFields on CertificateCheck {\n    id\n    certificateId\n    certificateName\n    username\n    status\n    ocspStatus\n    reason\n    report\n    createdAt\n    finishedAt\n  }\n"): (typeof documents)["\n  fragment CertificateCheckFields on CertificateCheck {\n    id\n    certificateId\n    certificateName\n    username\n    status\n    ocspStatus\n    reason\n    report\n    createdAt\n    finishedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCheckCertificate($id: ID!) {\n    adminCheckCertificate(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCheckCertificate($id: ID!) {\n    adminCheckCertificate(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCertificateCheck($id: ID!) {\n    adminCertificateCheck(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n"): (typeof documents)["\n  query AdminCertificateCheck($id: ID!) {\n    adminCertificateCheck(id: $id) {\n      ...CertificateCheckFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCertificateFields on Certificate {\n    id\n    scope\n    userId\n    username\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    serialNumber\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    demo\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminCertificateFields on Certificate {\n    id\n    scope\n    userId\n    username\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    serialNumber\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    demo\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCertificates($scope: String, $search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminCertificates(scope: $scope, search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCertificateFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCertificates($scope: String, $search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminCertificates(scope: $scope, search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminCertificateFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteCertificate($id: ID!) {\n    adminDeleteCertificate(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteCertificate($id: ID!) {\n    adminDeleteCertificate(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query P8Keys {\n    p8Keys {\n      id\n      name\n      issuerId\n      keyId\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query P8Keys {\n    p8Keys {\n      id\n      name\n      issuerId\n      keyId\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateP8Key($input: P8KeyInput!) {\n    createP8Key(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateP8Key($input: P8KeyInput!) {\n    createP8Key(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteP8Key($id: ID!) {\n    deleteP8Key(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteP8Key($id: ID!) {\n    deleteP8Key(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BusinessTimeZone {\n    businessTimeZone\n  }\n"): (typeof documents)["\n  query BusinessTimeZone {\n    businessTimeZone\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CsSessionFields on CsSession {\n    sessionId\n    userId\n    username\n    status\n    unreadAdmin\n    unreadUser\n    messageCount\n    lastMessageAt\n    lastMessagePreview\n    lastSenderType\n    createdAt\n  }\n"): (typeof documents)["\n  fragment CsSessionFields on CsSession {\n    sessionId\n    userId\n    username\n    status\n    unreadAdmin\n    unreadUser\n    messageCount\n    lastMessageAt\n    lastMessagePreview\n    lastSenderType\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CsMessageFields on CsMessage {\n    id\n    sessionId\n    senderType\n    senderName\n    messageType\n    content\n    imageUrl\n    extraData {\n      order_id\n      item_name\n      amount\n      status\n      cert_id\n      name\n    }\n    createdAt\n  }\n"): (typeof documents)["\n  fragment CsMessageFields on CsMessage {\n    id\n    sessionId\n    senderType\n    senderName\n    messageType\n    content\n    imageUrl\n    extraData {\n      order_id\n      item_name\n      amount\n      status\n      cert_id\n      name\n    }\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCsSessions($search: String, $status: String, $page: Int!) {\n    adminCustomerServiceSessions(search: $search, status: $status, page: $page, pageSize: 50) {\n      items {\n        ...CsSessionFields\n      }\n      total\n    }\n  }\n"): (typeof documents)["\n  query AdminCsSessions($search: String, $status: String, $page: Int!) {\n    adminCustomerServiceSessions(search: $search, status: $status, page: $page, pageSize: 50) {\n      items {\n        ...CsSessionFields\n      }\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCsMessages($sessionId: String!) {\n    adminCustomerServiceMessages(sessionId: $sessionId, page: 1, pageSize: 100) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n"): (typeof documents)["\n  query AdminCsMessages($sessionId: String!) {\n    adminCustomerServiceMessages(sessionId: $sessionId, page: 1, pageSize: 100) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCsContext($sessionId: String!) {\n    adminCustomerServiceContext(sessionId: $sessionId) {\n      userId\n      username\n      orders {\n        id\n        orderNo\n        itemName\n        amount\n        status\n        createdAt\n      }\n      certificates {\n        id\n        name\n        status\n        teamName\n        expiresAt\n      }\n      devices {\n        id\n        udid\n        product\n        modelName\n        version\n        boundAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCsContext($sessionId: String!) {\n    adminCustomerServiceContext(sessionId: $sessionId) {\n      userId\n      username\n      orders {\n        id\n        orderNo\n        itemName\n        amount\n        status\n        createdAt\n      }\n      certificates {\n        id\n        name\n        status\n        teamName\n        expiresAt\n      }\n      devices {\n        id\n        udid\n        product\n        modelName\n        version\n        boundAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCsSearch($query: String!) {\n    adminSearchCustomerServiceMessages(query: $query) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n"): (typeof documents)["\n  query AdminCsSearch($query: String!) {\n    adminSearchCustomerServiceMessages(query: $query) {\n      items {\n        ...CsMessageFields\n      }\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCsSend($input: CsSendInput!) {\n    adminSendCustomerServiceMessage(input: $input) {\n      ...CsMessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCsSend($input: CsSendInput!) {\n    adminSendCustomerServiceMessage(input: $input) {\n      ...CsMessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCsRead($sessionId: String!) {\n    adminMarkCustomerServiceRead(sessionId: $sessionId) {\n      ...CsSessionFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCsRead($sessionId: String!) {\n    adminMarkCustomerServiceRead(sessionId: $sessionId) {\n      ...CsSessionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCsStatus($sessionId: String!, $status: String!) {\n    adminSetCustomerServiceSessionStatus(sessionId: $sessionId, status: $status) {\n      ...CsSessionFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCsStatus($sessionId: String!, $status: String!) {\n    adminSetCustomerServiceSessionStatus(sessionId: $sessionId, status: $status) {\n      ...CsSessionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CsChanged {\n    customerServiceChanged {\n      session {\n        ...CsSessionFields\n      }\n      message {\n        ...CsMessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription CsChanged {\n    customerServiceChanged {\n      session {\n        ...CsSessionFields\n      }\n      message {\n        ...CsMessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CsSettingsFields on CsSettings {\n    enabled\n    customerServiceName\n    customerServiceAvatar\n    welcomeMessage\n    quickReplies {\n      question\n      answer\n    }\n    offlineMessage\n    serviceHoursStart\n    serviceHoursEnd\n  }\n"): (typeof documents)["\n  fragment CsSettingsFields on CsSettings {\n    enabled\n    customerServiceName\n    customerServiceAvatar\n    welcomeMessage\n    quickReplies {\n      question\n      answer\n    }\n    offlineMessage\n    serviceHoursStart\n    serviceHoursEnd\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCsSettings {\n    adminCustomerServiceSettings {\n      ...CsSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query AdminCsSettings {\n    adminCustomerServiceSettings {\n      ...CsSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCsSettings($input: CsSettingsInput!) {\n    updateCustomerServiceSettings(input: $input) {\n      ...CsSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCsSettings($input: CsSettingsInput!) {\n    updateCustomerServiceSettings(input: $input) {\n      ...CsSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboard($days: Int!) {\n    businessTimeZone\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n      revenueByDay(days: $days) {\n        date\n        recharges\n        sales\n        refunds\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboard($days: Int!) {\n    businessTimeZone\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n      revenueByDay(days: $days) {\n        date\n        recharges\n        sales\n        refunds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WorkerStatusFields on WorkerStatus {\n    alive\n    lastSeenAt\n    workers {\n      worker\n      backend\n      queues\n      startedAt\n      lastSeenAt\n      alive\n    }\n  }\n"): (typeof documents)["\n  fragment WorkerStatusFields on WorkerStatus {\n    alive\n    lastSeenAt\n    workers {\n      worker\n      backend\n      queues\n      startedAt\n      lastSeenAt\n      alive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WorkerStatus {\n    workerStatus {\n      ...WorkerStatusFields\n    }\n  }\n"): (typeof documents)["\n  query WorkerStatus {\n    workerStatus {\n      ...WorkerStatusFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WorkerStatusChanged {\n    workerStatusChanged {\n      ...WorkerStatusFields\n    }\n  }\n"): (typeof documents)["\n  subscription WorkerStatusChanged {\n    workerStatusChanged {\n      ...WorkerStatusFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminDeviceFields on AdminDevice {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    imei\n    userId\n    username\n    boundAt\n    unboundAt\n    capturedAt\n    createdAt\n    certificates {\n      id\n      name\n      scope\n      status\n    }\n  }\n"): (typeof documents)["\n  fragment AdminDeviceFields on AdminDevice {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    imei\n    userId\n    username\n    boundAt\n    unboundAt\n    capturedAt\n    createdAt\n    certificates {\n      id\n      name\n      scope\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDevices($search: String, $page: Int, $pageSize: Int) {\n    adminDevices(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDeviceFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminDevices($search: String, $page: Int, $pageSize: Int) {\n    adminDevices(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDeviceFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUnbindDevice($id: ID!) {\n    adminUnbindDevice(id: $id) {\n      ...AdminDeviceFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUnbindDevice($id: ID!) {\n    adminUnbindDevice(id: $id) {\n      ...AdminDeviceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeviceModelFields on DeviceModel {\n    id\n    product\n    name\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment DeviceModelFields on DeviceModel {\n    id\n    product\n    name\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeviceModels($search: String) {\n    deviceModels(search: $search) {\n      ...DeviceModelFields\n    }\n  }\n"): (typeof documents)["\n  query DeviceModels($search: String) {\n    deviceModels(search: $search) {\n      ...DeviceModelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDeviceModel($input: DeviceModelInput!) {\n    createDeviceModel(input: $input) {\n      ...DeviceModelFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDeviceModel($input: DeviceModelInput!) {\n    createDeviceModel(input: $input) {\n      ...DeviceModelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDeviceModel($id: ID!, $input: DeviceModelInput!) {\n    updateDeviceModel(id: $id, input: $input) {\n      ...DeviceModelFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDeviceModel($id: ID!, $input: DeviceModelInput!) {\n    updateDeviceModel(id: $id, input: $input) {\n      ...DeviceModelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDeviceModel($id: ID!) {\n    deleteDeviceModel(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteDeviceModel($id: ID!) {\n    deleteDeviceModel(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UdidSigningIdentityFields on UdidSigningIdentity {\n    configured\n    commonName\n    notAfter\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment UdidSigningIdentityFields on UdidSigningIdentity {\n    configured\n    commonName\n    notAfter\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UdidSigningIdentity {\n    udidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n"): (typeof documents)["\n  query UdidSigningIdentity {\n    udidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetUdidSigningIdentity($p12Base64: String!, $password: String!) {\n    setUdidSigningIdentity(p12Base64: $p12Base64, password: $password) {\n      ...UdidSigningIdentityFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetUdidSigningIdentity($p12Base64: String!, $password: String!) {\n    setUdidSigningIdentity(p12Base64: $p12Base64, password: $password) {\n      ...UdidSigningIdentityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClearUdidSigningIdentity {\n    clearUdidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n"): (typeof documents)["\n  mutation ClearUdidSigningIdentity {\n    clearUdidSigningIdentity {\n      ...UdidSigningIdentityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminDylibFields on Dylib {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    category\n    author\n    tags\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminDylibFields on Dylib {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    category\n    author\n    tags\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDylibs($search: String, $page: Int!, $pageSize: Int!) {\n    adminDylibs(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDylibFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminDylibs($search: String, $page: Int!, $pageSize: Int!) {\n    adminDylibs(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminDylibFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDylibIds($page: Int!, $pageSize: Int!) {\n    adminDylibs(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminDylibIds($page: Int!, $pageSize: Int!) {\n    adminDylibs(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDylib($input: DylibInput!) {\n    createDylib(input: $input) {\n      ...AdminDylibFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDylib($input: DylibInput!) {\n    createDylib(input: $input) {\n      ...AdminDylibFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDylib($id: ID!, $input: DylibInput!) {\n    updateDylib(id: $id, input: $input) {\n      ...AdminDylibFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDylib($id: ID!, $input: DylibInput!) {\n    updateDylib(id: $id, input: $input) {\n      ...AdminDylibFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDylibs($ids: [ID!]!) {\n    deleteDylibs(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation DeleteDylibs($ids: [ID!]!) {\n    deleteDylibs(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderDylibs($ids: [ID!]!) {\n    reorderDylibs(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderDylibs($ids: [ID!]!) {\n    reorderDylibs(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDylibActive($id: ID!, $isActive: Boolean!) {\n    setDylibActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation SetDylibActive($id: ID!, $isActive: Boolean!) {\n    setDylibActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EmailRecordFields on EmailRecord {\n    id\n    to\n    subject\n    template\n    kind\n    status\n    smtpResponse\n    error\n    attempts\n    createdAt\n    sentAt\n    resentFrom\n  }\n"): (typeof documents)["\n  fragment EmailRecordFields on EmailRecord {\n    id\n    to\n    subject\n    template\n    kind\n    status\n    smtpResponse\n    error\n    attempts\n    createdAt\n    sentAt\n    resentFrom\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminEmailRecords($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminEmailRecords(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      items {\n        ...EmailRecordFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"): (typeof documents)["\n  query AdminEmailRecords($search: String, $status: String, $page: Int!, $pageSize: Int!) {\n    adminEmailRecords(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      items {\n        ...EmailRecordFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminResendEmailRecord($id: ID!) {\n    adminResendEmailRecord(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminResendEmailRecord($id: ID!) {\n    adminResendEmailRecord(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    sold\n    enabled\n    sortOrder\n    orderCount\n  }\n"): (typeof documents)["\n  fragment AdminPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    sold\n    enabled\n    sortOrder\n    orderCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCertificatePackages {\n    adminCertificatePackages {\n      id\n      name\n      description\n      kind\n      source\n      supplierId\n      certificateId\n      deviceType\n      enabled\n      sortOrder\n      plans {\n        ...AdminPlanFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCertificatePackages {\n    adminCertificatePackages {\n      id\n      name\n      description\n      kind\n      source\n      supplierId\n      certificateId\n      deviceType\n      enabled\n      sortOrder\n      plans {\n        ...AdminPlanFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCertPackage($input: CertPackageInput!) {\n    createCertPackage(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCertPackage($input: CertPackageInput!) {\n    createCertPackage(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCertPackage($id: ID!, $input: CertPackageInput!) {\n    updateCertPackage(id: $id, input: $input) {\n      id\n      enabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCertPackage($id: ID!, $input: CertPackageInput!) {\n    updateCertPackage(id: $id, input: $input) {\n      id\n      enabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCertPackage($id: ID!, $force: Boolean) {\n    deleteCertPackage(id: $id, force: $force)\n  }\n"): (typeof documents)["\n  mutation DeleteCertPackage($id: ID!, $force: Boolean) {\n    deleteCertPackage(id: $id, force: $force)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderCertPackages($ids: [ID!]!) {\n    reorderCertPackages(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderCertPackages($ids: [ID!]!) {\n    reorderCertPackages(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePricePlan($packageId: ID!, $input: PricePlanInput!) {\n    createPricePlan(packageId: $packageId, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePricePlan($packageId: ID!, $input: PricePlanInput!) {\n    createPricePlan(packageId: $packageId, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePricePlan($id: ID!, $input: PricePlanInput!) {\n    updatePricePlan(id: $id, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePricePlan($id: ID!, $input: PricePlanInput!) {\n    updatePricePlan(id: $id, input: $input) {\n      ...AdminPlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePricePlan($id: ID!, $force: Boolean) {\n    deletePricePlan(id: $id, force: $force)\n  }\n"): (typeof documents)["\n  mutation DeletePricePlan($id: ID!, $force: Boolean) {\n    deletePricePlan(id: $id, force: $force)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderPricePlans($packageId: ID!, $ids: [ID!]!) {\n    reorderPricePlans(packageId: $packageId, ids: $ids) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderPricePlans($packageId: ID!, $ids: [ID!]!) {\n    reorderPricePlans(packageId: $packageId, ids: $ids) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAscAccounts {\n    adminAscAccounts {\n      id\n      name\n      p8KeyId\n      keyId\n      issuerId\n      certificateId\n      certificateName\n      teamId\n      deviceLimit\n      status\n      statusReason\n      enabled\n      deliveries\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query AdminAscAccounts {\n    adminAscAccounts {\n      id\n      name\n      p8KeyId\n      keyId\n      issuerId\n      certificateId\n      certificateName\n      teamId\n      deviceLimit\n      status\n      statusReason\n      enabled\n      deliveries\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAscAccount($input: AscAccountInput!) {\n    createAscAccount(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAscAccount($input: AscAccountInput!) {\n    createAscAccount(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAscAccount($id: ID!, $input: AscAccountInput!) {\n    updateAscAccount(id: $id, input: $input) {\n      id\n      status\n      enabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAscAccount($id: ID!, $input: AscAccountInput!) {\n    updateAscAccount(id: $id, input: $input) {\n      id\n      status\n      enabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAscAccount($id: ID!) {\n    deleteAscAccount(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAscAccount($id: ID!) {\n    deleteAscAccount(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminMallOrders($status: String, $search: String, $page: Int, $pageSize: Int) {\n    adminMallOrders(status: $status, search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        orderNo\n        kind\n        username\n        udid\n        packageName\n        planName\n        source\n        amount\n        status\n        attempts\n        lastError\n        certificateId\n        ascAccountId\n        createdAt\n        paidAt\n        deliveredAt\n        updatedAt\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"): (typeof documents)["\n  query AdminMallOrders($status: String, $search: String, $page: Int, $pageSize: Int) {\n    adminMallOrders(status: $status, search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        orderNo\n        kind\n        username\n        udid\n        packageName\n        planName\n        source\n        amount\n        status\n        attempts\n        lastError\n        certificateId\n        ascAccountId\n        createdAt\n        paidAt\n        deliveredAt\n        updatedAt\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminMallOrderLogs($id: ID!) {\n    adminMallOrderLogs(id: $id) {\n      id\n      level\n      message\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query AdminMallOrderLogs($id: ID!) {\n    adminMallOrderLogs(id: $id) {\n      id\n      level\n      message\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryMallOrder($id: ID!) {\n    retryMallOrder(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RetryMallOrder($id: ID!) {\n    retryMallOrder(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCertSuppliers {\n    adminCertSuppliers {\n      id\n      name\n      baseUrl\n      productMapJson\n      timeoutMs\n      enabled\n      allowPrivate\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query AdminCertSuppliers {\n    adminCertSuppliers {\n      id\n      name\n      baseUrl\n      productMapJson\n      timeoutMs\n      enabled\n      allowPrivate\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCertSupplier($input: CertSupplierInput!) {\n    createCertSupplier(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCertSupplier($input: CertSupplierInput!) {\n    createCertSupplier(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCertSupplier($id: ID!, $input: CertSupplierInput!) {\n    updateCertSupplier(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCertSupplier($id: ID!, $input: CertSupplierInput!) {\n    updateCertSupplier(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCertSupplier($id: ID!) {\n    deleteCertSupplier(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteCertSupplier($id: ID!) {\n    deleteCertSupplier(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCertSupplier($id: ID!) {\n    testCertSupplier(id: $id) {\n      id\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n    }\n  }\n"): (typeof documents)["\n  mutation TestCertSupplier($id: ID!) {\n    testCertSupplier(id: $id) {\n      id\n      lastTestAt\n      lastTestOk\n      lastTestMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminPaymentMethodFields on PaymentMethod {\n    id\n    name\n    channel\n    gatewayUrl\n    pid\n    minAmount\n    maxAmount\n    enabled\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminPaymentMethodFields on PaymentMethod {\n    id\n    name\n    channel\n    gatewayUrl\n    pid\n    minAmount\n    maxAmount\n    enabled\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPaymentMethods {\n    adminPaymentMethods {\n      ...AdminPaymentMethodFields\n    }\n  }\n"): (typeof documents)["\n  query AdminPaymentMethods {\n    adminPaymentMethods {\n      ...AdminPaymentMethodFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePaymentMethod($input: PaymentMethodInput!) {\n    createPaymentMethod(input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePaymentMethod($input: PaymentMethodInput!) {\n    createPaymentMethod(input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePaymentMethod($id: ID!, $input: PaymentMethodInput!) {\n    updatePaymentMethod(id: $id, input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePaymentMethod($id: ID!, $input: PaymentMethodInput!) {\n    updatePaymentMethod(id: $id, input: $input) {\n      ...AdminPaymentMethodFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPaymentMethodEnabled($id: ID!, $enabled: Boolean!) {\n    setPaymentMethodEnabled(id: $id, enabled: $enabled) {\n      ...AdminPaymentMethodFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetPaymentMethodEnabled($id: ID!, $enabled: Boolean!) {\n    setPaymentMethodEnabled(id: $id, enabled: $enabled) {\n      ...AdminPaymentMethodFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRechargeOrders($page: Int, $pageSize: Int, $status: String, $search: String) {\n    adminRechargeOrders(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        orderNo\n        username\n        methodName\n        channel\n        amount\n        status\n        tradeNo\n        createdAt\n        paidAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminRechargeOrders($page: Int, $pageSize: Int, $status: String, $search: String) {\n    adminRechargeOrders(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        orderNo\n        username\n        methodName\n        channel\n        amount\n        status\n        tradeNo\n        createdAt\n        paidAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminWithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    userId\n    username\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    reviewedBy\n    createdAt\n    reviewedAt\n  }\n"): (typeof documents)["\n  fragment AdminWithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    userId\n    username\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    reviewedBy\n    createdAt\n    reviewedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWithdrawals($page: Int!, $pageSize: Int!, $status: String, $search: String) {\n    adminWithdrawals(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        ...AdminWithdrawalFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminWithdrawals($page: Int!, $pageSize: Int!, $status: String, $search: String) {\n    adminWithdrawals(page: $page, pageSize: $pageSize, status: $status, search: $search) {\n      total\n      items {\n        ...AdminWithdrawalFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingWithdrawalsCount {\n    adminWithdrawals(status: \"pending\", page: 1, pageSize: 1) {\n      total\n    }\n  }\n"): (typeof documents)["\n  query PendingWithdrawalsCount {\n    adminWithdrawals(status: \"pending\", page: 1, pageSize: 1) {\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveWithdrawal($id: ID!, $payoutRef: String) {\n    approveWithdrawal(id: $id, payoutRef: $payoutRef) {\n      ...AdminWithdrawalFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveWithdrawal($id: ID!, $payoutRef: String) {\n    approveWithdrawal(id: $id, payoutRef: $payoutRef) {\n      ...AdminWithdrawalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...AdminWithdrawalFields\n    }\n  }\n"): (typeof documents)["\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...AdminWithdrawalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminQQGroupFields on QQGroup {\n    id\n    name\n    number\n    isActive\n    sortOrder\n  }\n"): (typeof documents)["\n  fragment AdminQQGroupFields on QQGroup {\n    id\n    name\n    number\n    isActive\n    sortOrder\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminQQGroups {\n    adminQQGroups {\n      ...AdminQQGroupFields\n    }\n  }\n"): (typeof documents)["\n  query AdminQQGroups {\n    adminQQGroups {\n      ...AdminQQGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateQQGroup($input: QQGroupInput!) {\n    createQQGroup(input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateQQGroup($input: QQGroupInput!) {\n    createQQGroup(input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateQQGroup($id: ID!, $input: QQGroupInput!) {\n    updateQQGroup(id: $id, input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateQQGroup($id: ID!, $input: QQGroupInput!) {\n    updateQQGroup(id: $id, input: $input) {\n      ...AdminQQGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteQQGroup($id: ID!) {\n    deleteQQGroup(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteQQGroup($id: ID!) {\n    deleteQQGroup(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderQQGroups($ids: [ID!]!) {\n    reorderQQGroups(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderQQGroups($ids: [ID!]!) {\n    reorderQQGroups(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResignIncidents($page: Int, $pageSize: Int) {\n    adminResignIncidents(page: $page, pageSize: $pageSize) {\n      items {\n        id\n        certificateId\n        certificateName\n        foundAt\n        foundBy\n        status\n        finishedAt\n        tasksTotal\n        tasksRepaired\n        tasksFailed\n        tasksOpen\n        usersAffected\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"): (typeof documents)["\n  query AdminResignIncidents($page: Int, $pageSize: Int) {\n    adminResignIncidents(page: $page, pageSize: $pageSize) {\n      items {\n        id\n        certificateId\n        certificateName\n        foundAt\n        foundBy\n        status\n        finishedAt\n        tasksTotal\n        tasksRepaired\n        tasksFailed\n        tasksOpen\n        usersAffected\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResignIncidentItems($id: ID!) {\n    adminResignIncidentItems(id: $id) {\n      id\n      taskId\n      username\n      appName\n      status\n      replacementName\n      replacementSource\n      errorMessage\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminResignIncidentItems($id: ID!) {\n    adminResignIncidentItems(id: $id) {\n      id\n      taskId\n      username\n      appName\n      status\n      replacementName\n      replacementSource\n      errorMessage\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryResignIncident($id: ID!) {\n    adminRetryResignIncident(id: $id) {\n      id\n      status\n      tasksOpen\n      tasksFailed\n    }\n  }\n"): (typeof documents)["\n  mutation RetryResignIncident($id: ID!) {\n    adminRetryResignIncident(id: $id) {\n      id\n      status\n      tasksOpen\n      tasksFailed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminResourceShareFields on ResourceShare {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminResourceShareFields on ResourceShare {\n    id\n    name\n    icon\n    version\n    fileSize\n    description\n    resourceFee\n    trafficFee\n    bundleId\n    downloadCount\n    isActive\n    sortOrder\n    hasFile\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResourceShares($search: String, $page: Int!, $pageSize: Int!) {\n    adminResourceShares(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminResourceShareFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminResourceShares($search: String, $page: Int!, $pageSize: Int!) {\n    adminResourceShares(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminResourceShareFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResourceShareIds($page: Int!, $pageSize: Int!) {\n    adminResourceShares(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminResourceShareIds($page: Int!, $pageSize: Int!) {\n    adminResourceShares(page: $page, pageSize: $pageSize) {\n      items {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateResourceShare($input: ResourceShareInput!) {\n    createResourceShare(input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateResourceShare($input: ResourceShareInput!) {\n    createResourceShare(input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateResourceShare($id: ID!, $input: ResourceShareInput!) {\n    updateResourceShare(id: $id, input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateResourceShare($id: ID!, $input: ResourceShareInput!) {\n    updateResourceShare(id: $id, input: $input) {\n      ...AdminResourceShareFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteResourceShares($ids: [ID!]!) {\n    deleteResourceShares(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation DeleteResourceShares($ids: [ID!]!) {\n    deleteResourceShares(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderResourceShares($ids: [ID!]!) {\n    reorderResourceShares(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderResourceShares($ids: [ID!]!) {\n    reorderResourceShares(ids: $ids) {\n      id\n      sortOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetResourceShareActive($id: ID!, $isActive: Boolean!) {\n    setResourceShareActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation SetResourceShareActive($id: ID!, $isActive: Boolean!) {\n    setResourceShareActive(id: $id, isActive: $isActive) {\n      id\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminSiteInfoFields on SiteInfo {\n    siteName\n    siteLogo\n    seoSubtitle\n    seoKeywords\n    seoDescription\n  }\n"): (typeof documents)["\n  fragment AdminSiteInfoFields on SiteInfo {\n    siteName\n    siteLogo\n    seoSubtitle\n    seoKeywords\n    seoDescription\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSiteInfo {\n    siteInfo {\n      ...AdminSiteInfoFields\n    }\n  }\n"): (typeof documents)["\n  query AdminSiteInfo {\n    siteInfo {\n      ...AdminSiteInfoFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSiteInfo($input: SiteInfoInput!) {\n    updateSiteInfo(input: $input) {\n      ...AdminSiteInfoFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSiteInfo($input: SiteInfoInput!) {\n    updateSiteInfo(input: $input) {\n      ...AdminSiteInfoFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminFooterFields on Footer {\n    icpNumber\n    copyrightInfo\n  }\n"): (typeof documents)["\n  fragment AdminFooterFields on Footer {\n    icpNumber\n    copyrightInfo\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminFooter {\n    footer {\n      ...AdminFooterFields\n    }\n  }\n"): (typeof documents)["\n  query AdminFooter {\n    footer {\n      ...AdminFooterFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFooter($input: FooterInput!) {\n    updateFooter(input: $input) {\n      ...AdminFooterFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateFooter($input: FooterInput!) {\n    updateFooter(input: $input) {\n      ...AdminFooterFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminContactFields on Contact {\n    wechat\n    qq\n    email\n  }\n"): (typeof documents)["\n  fragment AdminContactFields on Contact {\n    wechat\n    qq\n    email\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminContact {\n    contact {\n      ...AdminContactFields\n    }\n  }\n"): (typeof documents)["\n  query AdminContact {\n    contact {\n      ...AdminContactFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateContact($input: ContactInput!) {\n    updateContact(input: $input) {\n      ...AdminContactFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateContact($input: ContactInput!) {\n    updateContact(input: $input) {\n      ...AdminContactFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminFeeSettingsFields on FeeSettings {\n    resourceFee\n    flowFee\n    flowFeeThresholdMB\n    flowFeeBase\n    flowFeeRatePerGB\n    flowFeeRounding\n    flowFeeMinMB\n    flowFeeMinAmount\n  }\n"): (typeof documents)["\n  fragment AdminFeeSettingsFields on FeeSettings {\n    resourceFee\n    flowFee\n    flowFeeThresholdMB\n    flowFeeBase\n    flowFeeRatePerGB\n    flowFeeRounding\n    flowFeeMinMB\n    flowFeeMinAmount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminFeeSettings {\n    feeSettings {\n      ...AdminFeeSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query AdminFeeSettings {\n    feeSettings {\n      ...AdminFeeSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFeeSettings($input: FeeSettingsInput!) {\n    updateFeeSettings(input: $input) {\n      ...AdminFeeSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateFeeSettings($input: FeeSettingsInput!) {\n    updateFeeSettings(input: $input) {\n      ...AdminFeeSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminLegalFields on LegalDocuments {\n    userAgreement\n    privacyPolicy\n  }\n"): (typeof documents)["\n  fragment AdminLegalFields on LegalDocuments {\n    userAgreement\n    privacyPolicy\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLegal {\n    legalDocuments {\n      ...AdminLegalFields\n    }\n  }\n"): (typeof documents)["\n  query AdminLegal {\n    legalDocuments {\n      ...AdminLegalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateLegal($input: LegalDocumentsInput!) {\n    updateLegalDocuments(input: $input) {\n      ...AdminLegalFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateLegal($input: LegalDocumentsInput!) {\n    updateLegalDocuments(input: $input) {\n      ...AdminLegalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrafficFeeExample($sizeMB: Float!, $fees: FeeSettingsInput) {\n    trafficFeeExample(sizeMB: $sizeMB, fees: $fees) {\n      sizeMB\n      fee\n      rule\n    }\n  }\n"): (typeof documents)["\n  query TrafficFeeExample($sizeMB: Float!, $fees: FeeSettingsInput) {\n    trafficFeeExample(sizeMB: $sizeMB, fees: $fees) {\n      sizeMB\n      fee\n      rule\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminSigningSettingsFields on SigningSettings {\n    chargeMode\n    feeFen\n    artifactHours\n    downloadsPerTask\n    dailyLimit\n    maxUploadMb\n  }\n"): (typeof documents)["\n  fragment AdminSigningSettingsFields on SigningSettings {\n    chargeMode\n    feeFen\n    artifactHours\n    downloadsPerTask\n    dailyLimit\n    maxUploadMb\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSigningSettings {\n    signingSettings {\n      ...AdminSigningSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query AdminSigningSettings {\n    signingSettings {\n      ...AdminSigningSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSigningSettings($input: SigningSettingsInput!) {\n    updateSigningSettings(input: $input) {\n      ...AdminSigningSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSigningSettings($input: SigningSettingsInput!) {\n    updateSigningSettings(input: $input) {\n      ...AdminSigningSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminSigningTaskFields on AdminSigningTask {\n    id\n    userId\n    username\n    certificateId\n    certificateName\n    source\n    uploadId\n    appId\n    options {\n      bundleId\n      displayName\n      version\n      dylibIds\n      removeUISupportedDevices\n      removePlugins\n      removeWatch\n    }\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    startedAt\n    finishedAt\n    report\n  }\n"): (typeof documents)["\n  fragment AdminSigningTaskFields on AdminSigningTask {\n    id\n    userId\n    username\n    certificateId\n    certificateName\n    source\n    uploadId\n    appId\n    options {\n      bundleId\n      displayName\n      version\n      dylibIds\n      removeUISupportedDevices\n      removePlugins\n      removeWatch\n    }\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    startedAt\n    finishedAt\n    report\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSigningTasks($filter: SigningTaskFilterInput, $page: Int!, $pageSize: Int!) {\n    adminSigningTasks(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSigningTaskFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSigningTasks($filter: SigningTaskFilterInput, $page: Int!, $pageSize: Int!) {\n    adminSigningTasks(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSigningTaskFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SigningStats {\n    signingStats {\n      queued\n      running\n      done\n      failed\n      cancelled\n      perDay {\n        day\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  query SigningStats {\n    signingStats {\n      queued\n      running\n      done\n      failed\n      cancelled\n      perDay {\n        day\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRetrySigningTask($id: ID!) {\n    adminRetrySigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRetrySigningTask($id: ID!) {\n    adminRetrySigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCancelSigningTask($id: ID!) {\n    adminCancelSigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCancelSigningTask($id: ID!) {\n    adminCancelSigningTask(id: $id) {\n      ...AdminSigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteSigningTask($id: ID!) {\n    adminDeleteSigningTask(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteSigningTask($id: ID!) {\n    adminDeleteSigningTask(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSigningDownloads($id: ID!, $count: Int!) {\n    addSigningDownloads(id: $id, count: $count) {\n      ...AdminSigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddSigningDownloads($id: ID!, $count: Int!) {\n    addSigningDownloads(id: $id, count: $count) {\n      ...AdminSigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SigningCleanup {\n    signingCleanup {\n      artifacts\n      uploads\n      requeued\n      refunded\n    }\n  }\n"): (typeof documents)["\n  mutation SigningCleanup {\n    signingCleanup {\n      artifacts\n      uploads\n      requeued\n      refunded\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminSoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    customIconUrl\n    description\n    customDescription\n    enabled\n    sortOrder\n    refreshMinutes\n    allowPrivate\n    format\n    docName\n    identifier\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastFetchAt\n    lastSuccessAt\n    lastErrorCode\n    lastError\n    warnings\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminSoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    customIconUrl\n    description\n    customDescription\n    enabled\n    sortOrder\n    refreshMinutes\n    allowPrivate\n    format\n    docName\n    identifier\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastFetchAt\n    lastSuccessAt\n    lastErrorCode\n    lastError\n    warnings\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSoftwareSources($page: Int, $pageSize: Int, $q: String) {\n    adminSoftwareSources(page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSoftwareSourceFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSoftwareSources($page: Int, $pageSize: Int, $q: String) {\n    adminSoftwareSources(page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminSoftwareSourceFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSoftwareSource($id: ID!) {\n    adminSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n    adminSoftwareSourceFetches(id: $id) {\n      id\n      startedAt\n      durationMs\n      outcome\n      httpStatus\n      bytes\n      appCount\n      warningCount\n      errorCode\n      errorMessage\n    }\n  }\n"): (typeof documents)["\n  query AdminSoftwareSource($id: ID!) {\n    adminSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n    adminSoftwareSourceFetches(id: $id) {\n      id\n      startedAt\n      durationMs\n      outcome\n      httpStatus\n      bytes\n      appCount\n      warningCount\n      errorCode\n      errorMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        id\n        name\n        bundleId\n        version\n        versionDate\n        size\n        iconUrl\n        downloadUrl\n        locked\n        category\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        id\n        name\n        bundleId\n        version\n        versionDate\n        size\n        iconUrl\n        downloadUrl\n        locked\n        category\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateSoftwareSource($input: SoftwareSourceInput!) {\n    adminCreateSoftwareSource(input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateSoftwareSource($input: SoftwareSourceInput!) {\n    adminCreateSoftwareSource(input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateSoftwareSource($id: ID!, $input: SoftwareSourceInput!) {\n    adminUpdateSoftwareSource(id: $id, input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateSoftwareSource($id: ID!, $input: SoftwareSourceInput!) {\n    adminUpdateSoftwareSource(id: $id, input: $input) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteSoftwareSource($id: ID!) {\n    adminDeleteSoftwareSource(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteSoftwareSource($id: ID!) {\n    adminDeleteSoftwareSource(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRefreshSoftwareSource($id: ID!) {\n    adminRefreshSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRefreshSoftwareSource($id: ID!) {\n    adminRefreshSoftwareSource(id: $id) {\n      ...AdminSoftwareSourceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SoftwareSourceFeed {\n    softwareSourceFeedCategories\n    categories {\n      id\n      name\n      displayName\n      builtIn\n    }\n  }\n"): (typeof documents)["\n  query SoftwareSourceFeed {\n    softwareSourceFeedCategories\n    categories {\n      id\n      name\n      displayName\n      builtIn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSoftwareSourceFeedCategories($ids: [ID!]!) {\n    setSoftwareSourceFeedCategories(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation SetSoftwareSourceFeedCategories($ids: [ID!]!) {\n    setSoftwareSourceFeedCategories(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SoftwareSourcePrivateAddresses {\n    softwareSourcePrivateAddressesAllowed\n  }\n"): (typeof documents)["\n  query SoftwareSourcePrivateAddresses {\n    softwareSourcePrivateAddressesAllowed\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSoftwareSourcePrivateAddresses($allowed: Boolean!) {\n    setSoftwareSourcePrivateAddressesAllowed(allowed: $allowed)\n  }\n"): (typeof documents)["\n  mutation SetSoftwareSourcePrivateAddresses($allowed: Boolean!) {\n    setSoftwareSourcePrivateAddressesAllowed(allowed: $allowed)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetSoftwareSourceFeedLinks {\n    resetSoftwareSourceFeedLinks\n  }\n"): (typeof documents)["\n  mutation ResetSoftwareSourceFeedLinks {\n    resetSoftwareSourceFeedLinks\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StorageSettingsFields on StorageOverview {\n    backend\n    downloads\n    endpoint\n    region\n    bucket\n    accessKeyId\n    secretSet\n    forcePathStyle\n    publicUrl\n    envSettings {\n      field\n      variable\n    }\n  }\n"): (typeof documents)["\n  fragment StorageSettingsFields on StorageOverview {\n    backend\n    downloads\n    endpoint\n    region\n    bucket\n    accessKeyId\n    secretSet\n    forcePathStyle\n    publicUrl\n    envSettings {\n      field\n      variable\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStorage {\n    adminStorage {\n      ...StorageSettingsFields\n      directory\n      usage {\n        kind\n        count\n        bytes\n      }\n      localCount\n      localBytes\n      migration {\n        ...StorageMigrationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminStorage {\n    adminStorage {\n      ...StorageSettingsFields\n      directory\n      usage {\n        kind\n        count\n        bytes\n      }\n      localCount\n      localBytes\n      migration {\n        ...StorageMigrationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StorageMigrationFields on StorageMigration {\n    id\n    status\n    totalCount\n    totalBytes\n    movedCount\n    movedBytes\n    failedCount\n    runs\n    lastError\n    startedAt\n    finishedAt\n  }\n"): (typeof documents)["\n  fragment StorageMigrationFields on StorageMigration {\n    id\n    status\n    totalCount\n    totalBytes\n    movedCount\n    movedBytes\n    failedCount\n    runs\n    lastError\n    startedAt\n    finishedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartStorageMigration {\n    startStorageMigration {\n      ...StorageMigrationFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartStorageMigration {\n    startStorageMigration {\n      ...StorageMigrationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StorageMigration($id: ID!) {\n    storageMigration(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n"): (typeof documents)["\n  query StorageMigration($id: ID!) {\n    storageMigration(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription StorageMigrationProgress($id: ID!) {\n    storageMigrationProgress(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n"): (typeof documents)["\n  subscription StorageMigrationProgress($id: ID!) {\n    storageMigrationProgress(id: $id) {\n      ...StorageMigrationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestStorageConnection {\n    testStorageConnection {\n      ok\n      fault\n      message\n      ms\n    }\n  }\n"): (typeof documents)["\n  mutation TestStorageConnection {\n    testStorageConnection {\n      ok\n      fault\n      message\n      ms\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveStorageSettings($input: StorageSettingsInput!) {\n    saveStorageSettings(input: $input) {\n      ...StorageSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveStorageSettings($input: StorageSettingsInput!) {\n    saveStorageSettings(input: $input) {\n      ...StorageSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n"): (typeof documents)["\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    businessTimeZone\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    businessTimeZone\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StaffPermissions {\n    staffPermissions {\n      key\n      label\n    }\n  }\n"): (typeof documents)["\n  query StaffPermissions {\n    staffPermissions {\n      key\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserPermissions($id: ID!, $permissions: [String!]!) {\n    adminSetUserPermissions(id: $id, permissions: $permissions) {\n      id\n      permissions\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserPermissions($id: ID!, $permissions: [String!]!) {\n    adminSetUserPermissions(id: $id, permissions: $permissions) {\n      id\n      permissions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminOrderFields on Order {\n    ...OrderFields\n    userId\n    username\n  }\n"): (typeof documents)["\n  fragment AdminOrderFields on Order {\n    ...OrderFields\n    userId\n    username\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrders($search: String, $status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    adminOrders(search: $search, status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminOrderFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOrders($search: String, $status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    adminOrders(search: $search, status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminOrderFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRefundOrder($id: ID!, $reason: String) {\n    adminRefundOrder(id: $id, reason: $reason) {\n      ...AdminOrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRefundOrder($id: ID!, $reason: String) {\n    adminRefundOrder(id: $id, reason: $reason) {\n      ...AdminOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetOrderStatus($id: ID!, $status: String!) {\n    adminSetOrderStatus(id: $id, status: $status) {\n      ...AdminOrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetOrderStatus($id: ID!, $status: String!) {\n    adminSetOrderStatus(id: $id, status: $status) {\n      ...AdminOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLedger(\n    $user: String\n    $type: String\n    $orderNo: String\n    $from: String\n    $to: String\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    adminLedger(user: $user, type: $type, orderNo: $orderNo, from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n        userId\n        username\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminLedger(\n    $user: String\n    $type: String\n    $orderNo: String\n    $from: String\n    $to: String\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    adminLedger(user: $user, type: $type, orderNo: $orderNo, from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n        userId\n        username\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUserWallet($userId: ID!) {\n    adminUserWallet(userId: $userId) {\n      balance\n    }\n  }\n"): (typeof documents)["\n  query AdminUserWallet($userId: ID!) {\n    adminUserWallet(userId: $userId) {\n      balance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminAdjustWallet($userId: ID!, $amount: String!, $reason: String!) {\n    adminAdjustWallet(userId: $userId, amount: $amount, reason: $reason) {\n      balance\n      amount\n    }\n  }\n"): (typeof documents)["\n  mutation AdminAdjustWallet($userId: ID!, $amount: String!, $reason: String!) {\n    adminAdjustWallet(userId: $userId, amount: $amount, reason: $reason) {\n      balance\n      amount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Announcements {\n    announcements {\n      id\n      title\n      content\n      publishedAt\n      createdAt\n    }\n    contentVersions {\n      announcements\n    }\n  }\n"): (typeof documents)["\n  query Announcements {\n    announcements {\n      id\n      title\n      content\n      publishedAt\n      createdAt\n    }\n    contentVersions {\n      announcements\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkAnnouncementRead($id: ID!) {\n    markAnnouncementRead(id: $id)\n  }\n"): (typeof documents)["\n  mutation MarkAnnouncementRead($id: ID!) {\n    markAnnouncementRead(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n"): (typeof documents)["\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n"): (typeof documents)["\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n"): (typeof documents)["\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeemCardKey($code: String!) {\n    redeemCardKey(code: $code) {\n      kind\n      amount\n      balance\n    }\n  }\n"): (typeof documents)["\n  mutation RedeemCardKey($code: String!) {\n    redeemCardKey(code: $code) {\n      kind\n      amount\n      balance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AppDetail($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      description\n      keywords\n      categoryName\n      price\n      bundleId\n      minOsVersion\n      updatedAt\n      hasIpa\n    }\n  }\n"): (typeof documents)["\n  query AppDetail($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      description\n      keywords\n      categoryName\n      price\n      bundleId\n      minOsVersion\n      updatedAt\n      hasIpa\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DylibDetail($id: ID!) {\n    dylib(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      category\n      author\n      tags\n      hasFile\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query DylibDetail($id: ID!) {\n    dylib(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      category\n      author\n      tags\n      hasFile\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ResourceShareDetail($id: ID!) {\n    resourceShare(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      hasFile\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query ResourceShareDetail($id: ID!) {\n    resourceShare(id: $id) {\n      id\n      name\n      icon\n      version\n      fileSize\n      description\n      resourceFee\n      trafficFee\n      bundleId\n      downloadCount\n      hasFile\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PurchaseStatus($kind: CatalogKind!, $id: ID!) {\n    purchaseStatus(kind: $kind, id: $id) {\n      itemId\n      kind\n      price\n      isFree\n      purchased\n    }\n  }\n"): (typeof documents)["\n  query PurchaseStatus($kind: CatalogKind!, $id: ID!) {\n    purchaseStatus(kind: $kind, id: $id) {\n      itemId\n      kind\n      price\n      isFree\n      purchased\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CertificateCardFields on Certificate {\n    id\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    tempExpiresAt\n    autoResign\n  }\n"): (typeof documents)["\n  fragment CertificateCardFields on Certificate {\n    id\n    name\n    commonName\n    teamId\n    teamName\n    certType\n    profileName\n    profileType\n    deviceCount\n    allDevices\n    expiresAt\n    status\n    checkedAt\n    statusReason\n    tempExpiresAt\n    autoResign\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyCertificates {\n    myCertificates {\n      ...CertificateCardFields\n    }\n  }\n"): (typeof documents)["\n  query MyCertificates {\n    myCertificates {\n      ...CertificateCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CertificateDetail($id: ID!) {\n    certificate(id: $id) {\n      ...CertificateCardFields\n      serialNumber\n      sha1\n      notBefore\n      notAfter\n      profileUuid\n      appId\n      entitlements\n      devices\n      profileCreatedAt\n      profileExpiresAt\n      createdAt\n    }\n    myDevices {\n      id\n      udid\n      product\n      modelName\n    }\n  }\n"): (typeof documents)["\n  query CertificateDetail($id: ID!) {\n    certificate(id: $id) {\n      ...CertificateCardFields\n      serialNumber\n      sha1\n      notBefore\n      notAfter\n      profileUuid\n      appId\n      entitlements\n      devices\n      profileCreatedAt\n      profileExpiresAt\n      createdAt\n    }\n    myDevices {\n      id\n      udid\n      product\n      modelName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCertificate($id: ID!) {\n    deleteCertificate(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteCertificate($id: ID!) {\n    deleteCertificate(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyTempCertificates {\n    myTempCertificates {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n    myCertificates {\n      id\n      name\n      commonName\n      expiresAt\n      status\n    }\n    importableCertificateOrders {\n      id\n      orderNo\n      certificateId\n      name\n    }\n  }\n"): (typeof documents)["\n  query MyTempCertificates {\n    myTempCertificates {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n    myCertificates {\n      id\n      name\n      commonName\n      expiresAt\n      status\n    }\n    importableCertificateOrders {\n      id\n      orderNo\n      certificateId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTempCertificate($id: ID!) {\n    deleteTempCertificate(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTempCertificate($id: ID!) {\n    deleteTempCertificate(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportTempCertificate($certificateId: ID!, $days: Int) {\n    importTempCertificateFromMain(certificateId: $certificateId, days: $days) {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n  }\n"): (typeof documents)["\n  mutation ImportTempCertificate($certificateId: ID!, $days: Int) {\n    importTempCertificateFromMain(certificateId: $certificateId, days: $days) {\n      ...CertificateCardFields\n      sourceCertificateId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckCertificateStatus($id: ID!) {\n    checkCertificateStatus(id: $id) {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n"): (typeof documents)["\n  mutation CheckCertificateStatus($id: ID!) {\n    checkCertificateStatus(id: $id) {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CertificateChecked {\n    certificateChecked {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n"): (typeof documents)["\n  subscription CertificateChecked {\n    certificateChecked {\n      id\n      certificateId\n      status\n      reason\n      finishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCertificateAutoResign($id: ID!, $enabled: Boolean!) {\n    setCertificateAutoResign(id: $id, enabled: $enabled) {\n      ...CertificateCardFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetCertificateAutoResign($id: ID!, $enabled: Boolean!) {\n    setCertificateAutoResign(id: $id, enabled: $enabled) {\n      ...CertificateCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageAdded($sessionId: String!, $guestId: String) {\n    messageAdded(sessionId: $sessionId, guestId: $guestId) {\n      id\n      sessionId\n      senderType\n      senderName\n      messageType\n      content\n      imageUrl\n      extraData {\n        order_id\n        order_no\n        item_name\n        amount\n        status\n        cert_id\n        name\n        team_name\n        width\n        height\n      }\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  subscription MessageAdded($sessionId: String!, $guestId: String) {\n    messageAdded(sessionId: $sessionId, guestId: $guestId) {\n      id\n      sessionId\n      senderType\n      senderName\n      messageType\n      content\n      imageUrl\n      extraData {\n        order_id\n        order_no\n        item_name\n        amount\n        status\n        cert_id\n        name\n        team_name\n        width\n        height\n      }\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomePage(\n    $categoryId: ID\n    $defaultCategory: Boolean! = false\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    banners {\n      id\n      imageUrl\n      altText\n      title\n      linkUrl\n    }\n    categories {\n      id\n      name\n      displayName\n      weigh\n      kind\n      builtIn\n    }\n    catalog(\n      categoryId: $categoryId\n      defaultCategory: $defaultCategory\n      price: $price\n      search: $search\n      page: $page\n      pageSize: $pageSize\n    ) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n"): (typeof documents)["\n  query HomePage(\n    $categoryId: ID\n    $defaultCategory: Boolean! = false\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    banners {\n      id\n      imageUrl\n      altText\n      title\n      linkUrl\n    }\n    categories {\n      id\n      name\n      displayName\n      weigh\n      kind\n      builtIn\n    }\n    catalog(\n      categoryId: $categoryId\n      defaultCategory: $defaultCategory\n      price: $price\n      search: $search\n      page: $page\n      pageSize: $pageSize\n    ) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogPage(\n    $categoryId: ID\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    catalog(categoryId: $categoryId, price: $price, search: $search, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n"): (typeof documents)["\n  query CatalogPage(\n    $categoryId: ID\n    $price: PriceFilter! = ALL\n    $search: String\n    $page: Int! = 1\n    $pageSize: Int! = 10\n  ) {\n    catalog(categoryId: $categoryId, price: $price, search: $search, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchCatalog($search: String!, $price: PriceFilter! = ALL, $page: Int! = 1, $pageSize: Int! = 10) {\n    searchCatalog(search: $search, price: $price, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n"): (typeof documents)["\n  query SearchCatalog($search: String!, $price: PriceFilter! = ALL, $page: Int! = 1, $pageSize: Int! = 10) {\n    searchCatalog(search: $search, price: $price, page: $page, pageSize: $pageSize) {\n      ...CatalogPageFields\n    }\n    contentVersions {\n      ...ContentVersionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CatalogPageFields on CatalogPage {\n    categoryId\n    notice {\n      title\n      content\n    }\n    total\n    page\n    pageSize\n    items {\n      id\n      kind\n      name\n      icon\n      description\n      version\n      size\n      updatedAt\n      price\n      isFree\n      bundleId\n      author\n      category\n      tags\n    }\n  }\n"): (typeof documents)["\n  fragment CatalogPageFields on CatalogPage {\n    categoryId\n    notice {\n      title\n      content\n    }\n    total\n    page\n    pageSize\n    items {\n      id\n      kind\n      name\n      icon\n      description\n      version\n      size\n      updatedAt\n      price\n      isFree\n      bundleId\n      author\n      category\n      tags\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContentVersionFields on ContentVersions {\n    banners\n    categories\n    apps\n    dylibs\n    resourceShares\n    announcements\n    qqGroups\n    settings\n  }\n"): (typeof documents)["\n  fragment ContentVersionFields on ContentVersions {\n    banners\n    categories\n    apps\n    dylibs\n    resourceShares\n    announcements\n    qqGroups\n    settings\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CertPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    enabled\n  }\n"): (typeof documents)["\n  fragment CertPlanFields on CertPlan {\n    id\n    packageId\n    name\n    durationDays\n    price\n    warrantyDays\n    renewalDiscountPct\n    stock\n    enabled\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CertificatePackages {\n    certificatePackages {\n      id\n      name\n      description\n      kind\n      deviceType\n      plans {\n        ...CertPlanFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query CertificatePackages {\n    certificatePackages {\n      id\n      name\n      description\n      kind\n      deviceType\n      plans {\n        ...CertPlanFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MallOrderFields on MallOrder {\n    id\n    orderNo\n    kind\n    udid\n    packageName\n    planName\n    durationDays\n    warrantyDays\n    amount\n    status\n    certificateId\n    lastError\n    warrantyUntil\n    expiresAt\n    createdAt\n    paidAt\n    deliveredAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment MallOrderFields on MallOrder {\n    id\n    orderNo\n    kind\n    udid\n    packageName\n    planName\n    durationDays\n    warrantyDays\n    amount\n    status\n    certificateId\n    lastError\n    warrantyUntil\n    expiresAt\n    createdAt\n    paidAt\n    deliveredAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyMallOrders($page: Int, $pageSize: Int) {\n    myMallOrders(page: $page, pageSize: $pageSize) {\n      items {\n        ...MallOrderFields\n      }\n      total\n    }\n  }\n"): (typeof documents)["\n  query MyMallOrders($page: Int, $pageSize: Int) {\n    myMallOrders(page: $page, pageSize: $pageSize) {\n      items {\n        ...MallOrderFields\n      }\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyMallOrder($ref: String!) {\n    myMallOrder(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n"): (typeof documents)["\n  query MyMallOrder($ref: String!) {\n    myMallOrder(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MallOrderChanged($ref: String!) {\n    mallOrderChanged(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n"): (typeof documents)["\n  subscription MallOrderChanged($ref: String!) {\n    mallOrderChanged(ref: $ref) {\n      ...MallOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCertificateOrder($planId: ID!, $deviceId: ID!) {\n    createCertificateOrder(planId: $planId, deviceId: $deviceId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCertificateOrder($planId: ID!, $deviceId: ID!) {\n    createCertificateOrder(planId: $planId, deviceId: $deviceId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenewCertificateOrder($orderId: ID!) {\n    renewCertificateOrder(orderId: $orderId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RenewCertificateOrder($orderId: ID!) {\n    renewCertificateOrder(orderId: $orderId) {\n      id\n      orderNo\n      amount\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeemCertificateCardKey($code: String!, $deviceId: ID!) {\n    redeemCertificateCardKey(code: $code, deviceId: $deviceId) {\n      ...MallOrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation RedeemCertificateCardKey($code: String!, $deviceId: ID!) {\n    redeemCertificateCardKey(code: $code, deviceId: $deviceId) {\n      ...MallOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      unread\n      items {\n        id\n        kind\n        title\n        body\n        link\n        readAt\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      unread\n      items {\n        id\n        kind\n        title\n        body\n        link\n        readAt\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($id: ID) {\n    markNotificationsRead(id: $id)\n  }\n"): (typeof documents)["\n  mutation MarkNotificationsRead($id: ID) {\n    markNotificationsRead(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QQGroups {\n    qqGroups {\n      id\n      name\n      number\n    }\n  }\n"): (typeof documents)["\n  query QQGroups {\n    qqGroups {\n      id\n      name\n      number\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SigningTaskFields on SigningTask {\n    id\n    certificateId\n    certificateName\n    source\n    appId\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    finishedAt\n    resignedAt\n    resignCount\n    resignState\n  }\n"): (typeof documents)["\n  fragment SigningTaskFields on SigningTask {\n    id\n    certificateId\n    certificateName\n    source\n    appId\n    status\n    stage\n    progress\n    errorCode\n    errorMessage\n    appName\n    bundleId\n    version\n    iconUrl\n    artifactSize\n    chargeFen\n    refunded\n    downloadsUsed\n    downloadsLimit\n    expiresAt\n    createdAt\n    finishedAt\n    resignedAt\n    resignCount\n    resignState\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SigningForm {\n    signableCertificates {\n      id\n      name\n      kind\n      teamName\n      appId\n      certType\n      status\n      expiresAt\n      usable\n      feeFen\n    }\n    signableDylibs {\n      id\n      name\n      version\n      iconUrl\n    }\n    signingSettings {\n      chargeMode\n      feeFen\n      artifactHours\n      downloadsPerTask\n      maxUploadMb\n    }\n  }\n"): (typeof documents)["\n  query SigningForm {\n    signableCertificates {\n      id\n      name\n      kind\n      teamName\n      appId\n      certType\n      status\n      expiresAt\n      usable\n      feeFen\n    }\n    signableDylibs {\n      id\n      name\n      version\n      iconUrl\n    }\n    signingSettings {\n      chargeMode\n      feeFen\n      artifactHours\n      downloadsPerTask\n      maxUploadMb\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySigningUploads {\n    mySigningUploads {\n      id\n      filename\n      size\n      name\n      bundleId\n      version\n      build\n      minOsVersion\n      iconUrl\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query MySigningUploads {\n    mySigningUploads {\n      id\n      filename\n      size\n      name\n      bundleId\n      version\n      build\n      minOsVersion\n      iconUrl\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SigningApp($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      bundleId\n      hasIpa\n    }\n  }\n"): (typeof documents)["\n  query SigningApp($id: ID!) {\n    app(id: $id) {\n      id\n      name\n      icon\n      version\n      size\n      bundleId\n      hasIpa\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignableApps($search: String, $page: Int, $pageSize: Int) {\n    signableApps(search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        name\n        bundleId\n        version\n        iconUrl\n        bought\n        size\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"): (typeof documents)["\n  query SignableApps($search: String, $page: Int, $pageSize: Int) {\n    signableApps(search: $search, page: $page, pageSize: $pageSize) {\n      items {\n        id\n        name\n        bundleId\n        version\n        iconUrl\n        bought\n        size\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySigningTasks($page: Int, $pageSize: Int) {\n    mySigningTasks(page: $page, pageSize: $pageSize) {\n      items {\n        ...SigningTaskFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"): (typeof documents)["\n  query MySigningTasks($page: Int, $pageSize: Int) {\n    mySigningTasks(page: $page, pageSize: $pageSize) {\n      items {\n        ...SigningTaskFields\n      }\n      total\n      page\n      pageSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SigningTask($id: ID!) {\n    signingTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  query SigningTask($id: ID!) {\n    signingTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SigningTaskUpdated {\n    signingTaskUpdated {\n      ...SigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  subscription SigningTaskUpdated {\n    signingTaskUpdated {\n      ...SigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SigningInstall($id: ID!, $token: String) {\n    signingInstall(id: $id, token: $token) {\n      taskId\n      appName\n      bundleId\n      version\n      iconUrl\n      certificateName\n      size\n      itmsUrl\n      manifestUrl\n      downloadUrl\n      installPageUrl\n      https\n      expiresAt\n      downloadsLeft\n      resignedAt\n    }\n  }\n"): (typeof documents)["\n  query SigningInstall($id: ID!, $token: String) {\n    signingInstall(id: $id, token: $token) {\n      taskId\n      appName\n      bundleId\n      version\n      iconUrl\n      certificateName\n      size\n      itmsUrl\n      manifestUrl\n      downloadUrl\n      installPageUrl\n      https\n      expiresAt\n      downloadsLeft\n      resignedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSigningTask($input: CreateSigningTaskInput!) {\n    createSigningTask(input: $input) {\n      ...SigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSigningTask($input: CreateSigningTaskInput!) {\n    createSigningTask(input: $input) {\n      ...SigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSigningTask($id: ID!) {\n    cancelSigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSigningTask($id: ID!) {\n    cancelSigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetrySigningTask($id: ID!) {\n    retrySigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation RetrySigningTask($id: ID!) {\n    retrySigningTask(id: $id) {\n      ...SigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSigningTask($id: ID!) {\n    deleteSigningTask(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSigningTask($id: ID!) {\n    deleteSigningTask(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResignSigningTask($id: ID!, $certificateId: ID!) {\n    resignSigningTask(id: $id, certificateId: $certificateId) {\n      ...SigningTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResignSigningTask($id: ID!, $certificateId: ID!) {\n    resignSigningTask(id: $id, certificateId: $certificateId) {\n      ...SigningTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteInfo {\n    siteInfo {\n      siteName\n      siteLogo\n      seoSubtitle\n      seoKeywords\n      seoDescription\n    }\n    footer {\n      icpNumber\n      copyrightInfo\n    }\n    contentVersions {\n      settings\n    }\n  }\n"): (typeof documents)["\n  query SiteInfo {\n    siteInfo {\n      siteName\n      siteLogo\n      seoSubtitle\n      seoKeywords\n      seoDescription\n    }\n    footer {\n      icpNumber\n      copyrightInfo\n    }\n    contentVersions {\n      settings\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Contact {\n    contact {\n      wechat\n      qq\n      email\n    }\n  }\n"): (typeof documents)["\n  query Contact {\n    contact {\n      wechat\n      qq\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegalDocuments {\n    legalDocuments {\n      userAgreement\n      privacyPolicy\n    }\n  }\n"): (typeof documents)["\n  query LegalDocuments {\n    legalDocuments {\n      userAgreement\n      privacyPolicy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    description\n    format\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastSuccessAt\n    lastFetchAt\n    lastError\n    isPrivate\n  }\n"): (typeof documents)["\n  fragment SoftwareSourceFields on SoftwareSource {\n    id\n    name\n    url\n    iconUrl\n    description\n    format\n    sourceUrl\n    website\n    payUrl\n    unlockUrl\n    appCount\n    status\n    lastSuccessAt\n    lastFetchAt\n    lastError\n    isPrivate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SoftwareSourceAppFields on SoftwareSourceApp {\n    id\n    sourceId\n    sourceName\n    name\n    bundleId\n    version\n    versionDate\n    size\n    description\n    iconUrl\n    locked\n  }\n"): (typeof documents)["\n  fragment SoftwareSourceAppFields on SoftwareSourceApp {\n    id\n    sourceId\n    sourceName\n    name\n    bundleId\n    version\n    versionDate\n    size\n    description\n    iconUrl\n    locked\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SoftwareSources {\n    softwareSources {\n      ...SoftwareSourceFields\n    }\n  }\n"): (typeof documents)["\n  query SoftwareSources {\n    softwareSources {\n      ...SoftwareSourceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SoftwareSource($id: ID!) {\n    softwareSource(id: $id) {\n      ...SoftwareSourceFields\n      news {\n        title\n        caption\n        date\n        url\n      }\n    }\n  }\n"): (typeof documents)["\n  query SoftwareSource($id: ID!) {\n    softwareSource(id: $id) {\n      ...SoftwareSourceFields\n      news {\n        title\n        caption\n        date\n        url\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {\n    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchSoftwareSourceApps($q: String!, $page: Int, $pageSize: Int) {\n    searchSoftwareSourceApps(q: $q, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchSoftwareSourceApps($q: String!, $page: Int, $pageSize: Int) {\n    searchSoftwareSourceApps(q: $q, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...SoftwareSourceAppFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SoftwareSourceApp($id: ID!) {\n    softwareSourceApp(id: $id) {\n      ...SoftwareSourceAppFields\n      developer\n      category\n      downloadUrl\n      versionDescription\n      payUrl\n      unlockUrl\n    }\n  }\n"): (typeof documents)["\n  query SoftwareSourceApp($id: ID!) {\n    softwareSourceApp(id: $id) {\n      ...SoftwareSourceAppFields\n      developer\n      category\n      downloadUrl\n      versionDescription\n      payUrl\n      unlockUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSoftwareSource($name: String!, $url: String!) {\n    addSoftwareSource(name: $name, url: $url) {\n      ...SoftwareSourceFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddSoftwareSource($name: String!, $url: String!) {\n    addSoftwareSource(name: $name, url: $url) {\n      ...SoftwareSourceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveSoftwareSource($id: ID!) {\n    removeSoftwareSource(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveSoftwareSource($id: ID!) {\n    removeSoftwareSource(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshSoftwareSource($id: ID!) {\n    refreshSoftwareSource(id: $id) {\n      ...SoftwareSourceFields\n    }\n  }\n"): (typeof documents)["\n  mutation RefreshSoftwareSource($id: ID!) {\n    refreshSoftwareSource(id: $id) {\n      ...SoftwareSourceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportSourceAppForSigning($sourceAppId: ID!) {\n    importSourceAppForSigning(sourceAppId: $sourceAppId) {\n      id\n      name\n      bundleId\n    }\n  }\n"): (typeof documents)["\n  mutation ImportSourceAppForSigning($sourceAppId: ID!) {\n    importSourceAppForSigning(sourceAppId: $sourceAppId) {\n      id\n      name\n      bundleId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EsignUnlock {\n    esignUnlock {\n      code\n      devices {\n        udid\n        unlockedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query EsignUnlock {\n    esignUnlock {\n      code\n      devices {\n        udid\n        unlockedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeviceFields on Device {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    boundAt\n  }\n"): (typeof documents)["\n  fragment DeviceFields on Device {\n    id\n    udid\n    product\n    modelName\n    version\n    serial\n    boundAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDevices {\n    myDevices {\n      ...DeviceFields\n    }\n  }\n"): (typeof documents)["\n  query MyDevices {\n    myDevices {\n      ...DeviceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnbindDevice($id: ID!) {\n    unbindDevice(id: $id)\n  }\n"): (typeof documents)["\n  mutation UnbindDevice($id: ID!) {\n    unbindDevice(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsumeUdidSession($id: String!) {\n    consumeUdidSession(id: $id) {\n      relayed\n      attached\n      device {\n        ...DeviceFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConsumeUdidSession($id: String!) {\n    consumeUdidSession(id: $id) {\n      relayed\n      attached\n      device {\n        ...DeviceFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyWallet {\n    myWallet {\n      balance\n    }\n  }\n"): (typeof documents)["\n  query MyWallet {\n    myWallet {\n      balance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WalletChanged {\n    walletChanged {\n      balance\n      amount\n      type\n      orderNo\n      at\n    }\n  }\n"): (typeof documents)["\n  subscription WalletChanged {\n    walletChanged {\n      balance\n      amount\n      type\n      orderNo\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LedgerEntryFields on LedgerEntry {\n    id\n    type\n    amount\n    balanceAfter\n    orderNo\n    note\n    createdAt\n  }\n"): (typeof documents)["\n  fragment LedgerEntryFields on LedgerEntry {\n    id\n    type\n    amount\n    balanceAfter\n    orderNo\n    note\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyWalletTransactions($type: String, $page: Int!, $pageSize: Int!) {\n    myWalletTransactions(type: $type, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyWalletTransactions($type: String, $page: Int!, $pageSize: Int!) {\n    myWalletTransactions(type: $type, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...LedgerEntryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderFields on Order {\n    id\n    orderNo\n    kind\n    itemId\n    itemName\n    amount\n    status\n    payMethod\n    createdAt\n    paidAt\n    fulfilledAt\n    closedAt\n    refundedAt\n    refundReason\n    payable\n  }\n"): (typeof documents)["\n  fragment OrderFields on Order {\n    id\n    orderNo\n    kind\n    itemId\n    itemName\n    amount\n    status\n    payMethod\n    createdAt\n    paidAt\n    fulfilledAt\n    closedAt\n    refundedAt\n    refundReason\n    payable\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOrders($status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    myOrders(status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...OrderFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyOrders($status: String, $kind: String, $page: Int!, $pageSize: Int!) {\n    myOrders(status: $status, kind: $kind, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...OrderFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOrder($ref: String!) {\n    myOrder(ref: $ref) {\n      ...OrderFields\n    }\n  }\n"): (typeof documents)["\n  query MyOrder($ref: String!) {\n    myOrder(ref: $ref) {\n      ...OrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuyItem($kind: CatalogKind!, $id: ID!) {\n    buyItem(kind: $kind, id: $id) {\n      id\n      orderNo\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation BuyItem($kind: CatalogKind!, $id: ID!) {\n    buyItem(kind: $kind, id: $id) {\n      id\n      orderNo\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DownloadQuote($kind: CatalogKind!, $id: ID!) {\n    downloadQuote(kind: $kind, id: $id) {\n      fee\n      rule\n      fileSize\n      quoteId\n    }\n  }\n"): (typeof documents)["\n  query DownloadQuote($kind: CatalogKind!, $id: ID!) {\n    downloadQuote(kind: $kind, id: $id) {\n      fee\n      rule\n      fileSize\n      quoteId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmDownload($quoteId: String!) {\n    confirmDownload(quoteId: $quoteId) {\n      token\n      fee\n      orderNo\n      expiresAt\n      charged\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmDownload($quoteId: String!) {\n    confirmDownload(quoteId: $quoteId) {\n      token\n      fee\n      orderNo\n      expiresAt\n      charged\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    createdAt\n    reviewedAt\n  }\n"): (typeof documents)["\n  fragment WithdrawalFields on Withdrawal {\n    id\n    withdrawNo\n    amount\n    channel\n    account\n    realName\n    status\n    payoutRef\n    reviewNote\n    createdAt\n    reviewedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyWithdrawals($page: Int!, $pageSize: Int!) {\n    myFrozenBalance\n    myWithdrawals(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...WithdrawalFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyWithdrawals($page: Int!, $pageSize: Int!) {\n    myFrozenBalance\n    myWithdrawals(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...WithdrawalFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestWithdrawal($input: WithdrawInput!) {\n    requestWithdrawal(input: $input) {\n      ...WithdrawalFields\n    }\n  }\n"): (typeof documents)["\n  mutation RequestWithdrawal($input: WithdrawInput!) {\n    requestWithdrawal(input: $input) {\n      ...WithdrawalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentMethods {\n    paymentMethods {\n      id\n      name\n      channel\n      minAmount\n      maxAmount\n    }\n  }\n"): (typeof documents)["\n  query PaymentMethods {\n    paymentMethods {\n      id\n      name\n      channel\n      minAmount\n      maxAmount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PayOrder($orderNo: String!, $method: String!) {\n    payOrder(orderNo: $orderNo, method: $method) {\n      paid\n      order {\n        ...OrderFields\n      }\n      payment {\n        orderNo\n        payUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PayOrder($orderNo: String!, $method: String!) {\n    payOrder(orderNo: $orderNo, method: $method) {\n      paid\n      order {\n        ...OrderFields\n      }\n      payment {\n        orderNo\n        payUrl\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;