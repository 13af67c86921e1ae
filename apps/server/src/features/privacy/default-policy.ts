import type { SiteInfo } from '../../config.js';
import { escapeHtml } from '../../content/escape-html.js';

/**
 * The privacy policy a new site starts with (version 1, published on the first read: policy.ts),
 * written for what this product does with personal information: what each part of the site
 * collects (访问统计 without cookies, features/statistics), the cookies it sets, 会员通知 with its 退订 and, off unless the office turns it on,
 * 打开跟踪 (features/mailings/opens.ts), and how to ask about one's own data. Staff adapt it in
 * 系统管理 → 隐私政策 and publish their own version; this text is never changed in place.
 */
export function defaultPrivacyPolicy(site: SiteInfo): { content: string; summary: string } {
  const name = escapeHtml(site.name);
  const contacts = [
    site.address && `地址：${escapeHtml(site.address)}${site.postcode ? `（邮编 ${escapeHtml(site.postcode)}）` : ''}`,
    site.phone && `电话：${escapeHtml(site.phone)}`,
    site.email && `电子邮箱：${escapeHtml(site.email)}`,
  ].filter(Boolean);
  const content = `<p>${name}（以下简称“本会”）重视您的个人信息保护。本政策说明本会网站（含会员专区）收集哪些个人信息、为何收集、如何使用和保护，以及您享有的权利。本政策依据《中华人民共和国个人信息保护法》等法律法规制定。</p>
<h2>一、我们收集的信息</h2>
<ul>
<li><strong>浏览网站：</strong>服务器记录访问日志（IP地址、浏览器类型、访问时间和页面），用于保障网站安全。本网站不使用第三方统计、广告或社交插件。</li>
<li><strong>访问统计：</strong>本会自行统计网站的访问情况，不使用 Cookie 或保存在您设备上的任何标识。每次浏览只记录页面、来源网站（仅域名）、站内搜索词、设备类型、浏览器类型、所在省份和时间；IP地址不保存在统计记录中，区分访客所用的摘要由当天有效的随机数与IP地址、浏览器信息计算得出，当天过后即无法还原，也无法与其他日期的访问相关联。明细记录在保存期限（默认30天）届满后删除，此后只保留汇总数字。如本会开启相应设置，您的浏览器发出的“请勿跟踪”（DNT）或“全局隐私控制”（GPC）信号将被遵守，您的浏览不会被统计。</li>
<li><strong>会员账户与入会申请：</strong>单位名称、负责人和联络人姓名、手机号码、电子邮箱、注册地址、单位简介及您提交的申请材料，用于办理入会、会籍管理和会员服务。</li>
<li><strong>投稿、在线留言、建议与表单：</strong>您填写的姓名、联系方式和提交的内容，用于审核、答复和办理。留言选登时只公开问题和答复，不公开您的联系方式。</li>
<li><strong>活动报名与签到：</strong>报名信息和签到时间，用于组织活动和出具参会证明。</li>
<li><strong>证书与考试成绩：</strong>持证人姓名、身份证号码、证书和成绩信息。身份证号码属于敏感个人信息，仅用于证书核验和查询，查询结果中以部分隐藏的形式显示。</li>
</ul>
<h2>二、Cookie 与本地存储</h2>
<p>本网站仅使用实现功能所必需的 Cookie 和浏览器本地存储：登录状态（会员和后台登录）、页面尺寸设置以及关怀版（文字大小、配色等）设置。我们不使用 Cookie 跟踪您在其他网站上的活动。</p>
<h2>三、会员通知与邮件打开跟踪</h2>
<p>本会通过电子邮件、站内信或短信向会员发送通知公告、活动、会费和调查等通知。每封通知邮件都附有退订链接，您也可以在会员专区的“通知设置”中选择接收哪些类别的通知。</p>
<p><strong>邮件打开跟踪默认关闭。</strong>如本会开启此功能，此后发送的通知邮件中会包含一张不可见的图片，用于统计邮件是否被打开：我们仅记录每封邮件首次被打开的时间，用于评估通知的送达效果，不记录您的位置或设备。您可以在邮件客户端中关闭图片自动加载，以避免被统计。</p>
<h2>四、我们如何使用信息</h2>
<p>我们仅在实现上述目的所必需的范围内使用您的个人信息，不用于与其无关的用途。未经您的同意，我们不会向第三方提供您的个人信息，法律法规另有规定或有权机关依法要求的除外。会员名录仅公开单位名称等本会公布的信息。</p>
<h2>五、存储与保护</h2>
<p>您的个人信息存储在中华人民共和国境内。我们采取访问权限控制、密码加密存储、操作日志审计等措施保护您的个人信息，只有经授权的工作人员才能按职责查看。个人信息的保存期限为实现处理目的所必需的最短时间，法律法规另有规定的（如已颁发的证书记录、缴费记录）按其规定保存。</p>
<h2>六、您的权利</h2>
<p>您有权查阅、复制、更正、补充和删除您的个人信息，有权撤回同意、要求解释本会的个人信息处理规则，会员可在会员专区修改单位资料和密码。行使上述权利或提出投诉，请通过本政策末尾的联系方式与我们联系，我们将在核实您的身份后，于十五个工作日内答复。</p>
<h2>七、未成年人</h2>
<p>本网站的服务面向单位会员和从业人员，不主动收集未满十四周岁未成年人的个人信息。</p>
<h2>八、政策更新</h2>
<p>本政策更新时，我们将在本页面发布新版本，注明发布日期和变更内容，历次版本均可在本页面查阅；涉及重大变更的，我们还将通过网站公告或会员通知告知您。</p>
<h2>九、联系我们</h2>
<p>个人信息处理者：${name}</p>
${contacts.length ? `<p>${contacts.join('<br>')}</p>` : ''}`;
  return { content, summary: '初始版本' };
}
