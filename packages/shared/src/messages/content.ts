/** Back-office content texts (menus, articles, positions, banners, links, type lists, uploads); the spec leaves these open. */
export const contentMessages = {
  menuNameRequired: '请输入栏目名称',
  menuParentNotFound: '上级栏目不存在',
  menuTooDeep: '栏目最多三级，不能再添加下级栏目',
  menuParentCycle: '上级栏目不能是当前栏目或其下级栏目',
  menuHasChildren: '该栏目下有子栏目，不能删除',
  menuHasArticles: (count: number) => `该栏目下有${count}篇文章，请先移动或删除文章`,
  menuTypeInvalid: '栏目类型只能是1或2',
  showTypeInvalid: '展示方式只能是0（列表）或1（单页）',
  webOrSitePath: '地址需以http://或https://开头，或为以/开头的站内路径',
  webOnly: '地址需以http://或https://开头',
  articleStatusInvalid: '文章状态只能是0至5',
  publishTimeInvalid: '发布时间格式应为yyyy-MM-dd HH:mm:ss',
  offlineTimeInvalid: '定时下线时间格式应为yyyy-MM-dd HH:mm:ss',
  offlineBeforePublish: '定时下线时间须晚于发布时间',
  offlineInPast: '定时下线时间须晚于当前时间',
  scheduled: (at: string) => `已定时发布，将于${at}发布`,
  articlesRequired: '请选择文章',
  articleConflict: '文章已被他人修改',
  /** 批量发布: what went out, what waits for its time, and how many of the selection were left as they were (named in Skipped). */
  bulkPublished: (published: number, scheduled: number, skipped: number) =>
    (scheduled > 0 ? `已发布${published}篇，${scheduled}篇将于发布时间到时发布` : `已发布${published}篇`) + (skipped > 0 ? `；${skipped}篇未发布` : ''),
  /** 批量发布: why one article of the selection was left as it was (the others are published). */
  publishSkipped: {
    underReview: '审核中，由审核决定是否发布',
    rejected: '审核不通过，须修改后重新提交审核',
    needsReview: '所在栏目需要审核，请打开文章提交审核',
    takeDownPassed: '定时下线时间已过，请先修改或清除定时下线时间',
  },
  bulkOfflined: (count: number) => `已下线${count}篇`,
  /** 移动到栏目: moved now, and published articles whose move into a menu with a review chain waits for that chain. */
  bulkMoved: (moved: number, submitted: number) =>
    submitted > 0 ? `已移动${moved}篇；${submitted}篇已发布的文章移入设有审核流程的栏目，已提交审核，审核通过后移入` : `已移动${moved}篇`,
  /** The article editor's autosave, beside the editor: the time of the last one, or that the last try failed. */
  autosavedAt: (time: string) => `已自动保存 ${time}`,
  autosaveFailed: '自动保存失败，请检查网络，将自动重试',
  /** RevokeNewsPreviews: every link made so far stops working; a new one may be made. */
  previewsRevoked: '已收回该文章的全部预览链接，此前发出的链接均已失效',
  revisionNotFound: '历史版本不存在',
  seatInvalid: '推荐位只能是1至4',
  sortNumberInvalid: '排序号需为0至999999的整数',
  positionNotFound: '推荐位记录不存在',
  imageRequired: '请上传图片',
  bannerNotFound: '轮播图不存在',
  linkTitleRequired: '请输入链接名称',
  linkUrlRequired: '请输入链接地址',
  linkNotFound: '友情链接不存在',
  typeInvalid: '类型只能是1、2或3',
  typeNameRequired: '请输入名称',
  typeNameTaken: '该类型下已有同名项',
  typeNotFound: '类型不存在',
  typeInUse: (count: number) => `该类型已被${count}个会员使用，不能删除`,
  editorImageType: '上传格式需为：.jpg/.jpeg/.png/.gif/.bmp/.webp',
  editorImageTooLarge: '图片不得大于10M',
  uploadContentMismatch: '文件内容与扩展名不符',
  uploadMissing: '请选择要上传的文件',
  /** A picture whose header gives more pixels than the server decodes (a pixel flood); `tenThousands` is the limit in 万. */
  imageTooManyPixels: (tenThousands: number) => `图片尺寸过大，不得超过${tenThousands}万像素`,
  /** The hourly upload quotas (features/uploads/quotas.ts): files, then bytes. */
  uploadTooFrequent: '上传过于频繁，请稍后再试',
  uploadQuotaReached: '上传总量已达上限，请稍后再试',
  /** The upload storage refused the write: out of space, or read-only / no permission. */
  storageFull: '存储空间不足，请联系管理员',
  storageReadOnly: '存储不可写，请联系管理员',
  /** 媒体库's 上传: a file none of the editor's kinds (picture, file, audio/video) takes. */
  libraryFileType: (extensions: readonly string[]) => `上传格式需为：${extensions.map((e) => `.${e}`).join('/')}`,
  /** 媒体库: a file something still names is kept; the places say what to change first. */
  uploadInUse: (places: readonly string[]) => `该文件正在使用中，不能删除（${places.join('、')}）`,
  /** SaveNews (Code 513): 校对 found serious wrong words or sensitive words the editor has not confirmed. */
  proofreadFindings: '文章含有严重错别字或敏感词，请修改后保存；确认无误仍要保存，请再次确认',
} as const;
