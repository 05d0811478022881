import { z } from 'zod';
import { MODULE_CODES } from '../domain/modules';
import { PROJECT_TYPES } from '../domain/projects';
import { ROLES, USER_TYPES } from '../domain/roles';
import { messageResponseSchema } from './auth';
import { defineEndpoint } from './endpoint';
import { id, idParams, LONG_TEXT_MAX, text } from './input-rules';
import { formBoolean, formIdList, formOptionalId, withBracketKeys } from './form-fields';

/** Messages of the security panel, word for word. */
export const SECURITY_MESSAGES = {
  nameRequired: 'Informe o nome',
  emailRequired: 'Informe o email',
  emailInvalid: 'Email inválido',
  customerRequired: 'Selecione um cliente',
  projectsRequired: 'Selecione algum projeto',
  userTypeRequired: 'Selecione um tipo de usuário',
  emailTaken: 'Email já foi utilizado',
  registerFailed: 'Não foi possível cadastrar o usuário',
  registered: 'Usuário cadastrado com sucesso',
  updateFailed: 'Erro ao atualizar usuário',
  updated: 'Usuário atualizado com sucesso',
  inactivated: 'Usuário inativado com sucesso',
  activated: 'Usuário ativado com sucesso',
  inactivateFailed: 'Não foi possível inativar o usuário',
  activateFailed: 'Não foi possível ativar o usuário',
  resetFailed: 'Não foi possível enviar o e-mail de recuperação de senha.',
  resetInactive: 'O usuário está inativo: ative-o antes de redefinir a senha.',
  inactivateConfirm: 'Inativar este usuário?',
  inactivateConsequence: 'Ele não poderá mais entrar no Mirante até ser ativado de novo.',
  noUsers: 'Nenhum usuário cadastrado.',
  usersLoadFailed: 'Não foi possível buscar os usuários cadastrados. Tente novamente.',
  noGroups: 'Nenhum grupo cadastrado.',
  groupsLoadFailed: 'Não foi possível buscar os grupos cadastrados. Tente novamente.',
  groupCreateFailed: 'Não foi possível cadastrar o grupo',
  groupUpdateFailed: 'Não foi possível atualizar o grupo',
  groupInUse: 'O grupo está associado a usuários e não pode ser deletado.',
  groupDeleteFailed: 'Não foi possível deletar o grupo. Tente novamente.',
} as const;

const idSchema = z.number().int();

export const customerSchema = z.object({ id: idSchema, name: z.string() });
export type Customer = z.infer<typeof customerSchema>;

export const customerProjectSchema = z.object({
  id: idSchema,
  name: z.string(),
  projectType: z.enum(PROJECT_TYPES),
});
export type CustomerProject = z.infer<typeof customerProjectSchema>;

export const securityUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  customer_id: idSchema,
  customer: z.string(),
  projects: z.array(z.object({ id: idSchema, name: z.string() })),
  group_id: idSchema.nullable(),
  group: z.string().nullable(),
  /** Name of the group's customer (shown beside the group for non-USER roles). */
  group_customer: z.string().nullable(),
  status: z.boolean(),
  role: z.enum(ROLES),
  userType: z.enum(USER_TYPES),
  modules: z.array(z.enum(MODULE_CODES)),
});
export type SecurityUser = z.infer<typeof securityUserSchema>;

export const groupModuleSchema = z.object({ id: idSchema, code: z.enum(MODULE_CODES), name: z.string() });

export const groupSchema = z.object({
  id: idSchema,
  name: z.string(),
  customer_id: idSchema.nullable(),
  customer: z.string().nullable(),
  modules: z.array(groupModuleSchema),
});
export type Group = z.infer<typeof groupSchema>;

const nameField = text(LONG_TEXT_MAX, { required: SECURITY_MESSAGES.nameRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.nameRequired)
  .max(255);
const emailField = text(LONG_TEXT_MAX, { required: SECURITY_MESSAGES.emailRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.emailRequired)
  .email(SECURITY_MESSAGES.emailInvalid)
  .max(255);

/** Fields shared by registration and update. `customer` is required for non-USER callers (checked by role). */
const userFields = {
  name: nameField,
  email: emailField,
  customer: formOptionalId,
  projects: formIdList(SECURITY_MESSAGES.projectsRequired),
  group: formOptionalId,
  /** Only an ADMIN may set a role other than USER. */
  role: z.enum(ROLES).optional(),
};

export const registerUserSchema = withBracketKeys(
  z.object({
    ...userFields,
    userType: z.enum(USER_TYPES, SECURITY_MESSAGES.userTypeRequired).optional(),
    sendMail: formBoolean.optional(),
  }),
);
export type RegisterUserInput = z.infer<typeof registerUserSchema>;

export const updateUserSchema = withBracketKeys(z.object({ ...userFields, status: formBoolean.optional() }));
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const groupFormSchema = withBracketKeys(
  z.object({
    name: nameField,
    customer: formOptionalId,
    modules: formIdList(),
  }),
);
export type GroupFormInput = z.infer<typeof groupFormSchema>;

const WRITE_ERRORS = [403, 404, 422] as const;

export const securityApi = {
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/users',
    summary: 'Usuários visíveis ao usuário conectado (ADMIN: todos; demais: do próprio cliente)',
    tags: ['security'],
    access: { kind: 'session' },
    response: z.array(securityUserSchema),
    errorStatuses: [403],
  }),
  registerUser: defineEndpoint({
    method: 'POST',
    path: '/user/register',
    summary: 'Cadastrar um usuário (recebe o e-mail de definição de senha)',
    tags: ['security'],
    access: { kind: 'session' },
    encoding: 'form',
    body: registerUserSchema,
    response: securityUserSchema,
    errorStatuses: [...WRITE_ERRORS, 502],
  }),
  updateUser: defineEndpoint({
    method: 'POST',
    path: '/user/:id',
    summary: 'Atualizar um usuário',
    tags: ['security'],
    access: { kind: 'session' },
    encoding: 'form',
    params: idParams,
    body: updateUserSchema,
    response: securityUserSchema,
    errorStatuses: WRITE_ERRORS,
  }),
  toggleUserStatus: defineEndpoint({
    method: 'POST',
    path: '/user/:id/status',
    summary: 'Ativar ou inativar um usuário (alterna)',
    tags: ['security'],
    access: { kind: 'session' },
    params: idParams,
    response: securityUserSchema,
    errorStatuses: [403, 404],
  }),
  listGroups: defineEndpoint({
    method: 'GET',
    path: '/groups',
    summary: 'Grupos de permissões visíveis ao usuário conectado',
    tags: ['security'],
    access: { kind: 'session' },
    response: z.array(groupSchema),
    errorStatuses: [403],
  }),
  createGroup: defineEndpoint({
    method: 'POST',
    path: '/group/create',
    summary: 'Cadastrar um grupo de permissões',
    tags: ['security'],
    access: { kind: 'session' },
    encoding: 'form',
    body: groupFormSchema,
    response: groupSchema,
    errorStatuses: WRITE_ERRORS,
  }),
  updateGroup: defineEndpoint({
    method: 'POST',
    path: '/group/:id',
    summary: 'Atualizar um grupo de permissões',
    tags: ['security'],
    access: { kind: 'session' },
    encoding: 'form',
    params: idParams,
    body: groupFormSchema,
    response: groupSchema,
    errorStatuses: WRITE_ERRORS,
  }),
  deleteGroup: defineEndpoint({
    method: 'POST',
    path: '/group/:id/delete',
    summary: 'Remover um grupo sem usuários',
    tags: ['security'],
    access: { kind: 'session' },
    params: idParams,
    response: messageResponseSchema,
    errorStatuses: WRITE_ERRORS,
  }),
  listCustomers: defineEndpoint({
    method: 'GET',
    path: '/customers',
    summary: 'Clientes visíveis ao usuário conectado (ADMIN: todos)',
    tags: ['security'],
    access: { kind: 'session' },
    response: z.array(customerSchema),
    errorStatuses: [403],
  }),
  customerProjects: defineEndpoint({
    method: 'GET',
    path: '/projects/:customerId',
    summary: 'Projetos de um cliente, para vincular a usuários',
    tags: ['security'],
    access: { kind: 'session' },
    params: z.object({ customerId: id() }),
    response: z.array(customerProjectSchema),
    errorStatuses: [403, 404],
  }),
} as const;
