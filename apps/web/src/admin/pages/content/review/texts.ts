/** Why a step is marked red (栏目管理's 审核流程, a review's chain, the workbench). */
export const blockedExplanation =
  '此步骤目前无人可审核：所选角色已被删除、停用，角色下没有启用的管理员，或角色没有“待我审核”权限。送审到此步骤的稿件将停在这里，请更换审核角色或调整角色权限。';
