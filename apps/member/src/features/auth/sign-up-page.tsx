import { useSignUp } from '@dance/api-client';
import { MESSAGES, type SignupRole } from '@dance/domain';
import { confirm } from '@dance/ui';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hasErrorCode, readFieldErrors, readServerMessage } from '../../shared/server-message';
import { readPlanChoice } from '../../shared/stored-plan';
import { AccountMayExistMessage, conversionMessage } from './account-may-exist';
import { SignUpForm, type SignUpValues } from './sign-up-form';

/** Individual sign-up (spec 1 §2, §4, §5): a fresh member goes on to pick a plan. */
export function SignUpPage() {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<ReactNode>(null);

  async function submitSignUp(
    values: SignUpValues,
    convertExisting = false,
  ): Promise<Record<string, string> | undefined> {
    setServerError(null);
    try {
      await signUp.mutateAsync({
        ...values,
        role: values.role as SignupRole,
        acceptTerms: true,
        ...(convertExisting ? { convertExisting: true } : {}),
      });
      // A plan chosen before signing up starts its checkout right away (spec 1 §4).
      navigate(readPlanChoice() ? '/plans?autoSubscribe=true' : '/plans');
      return undefined;
    } catch (error) {
      // The email belongs to a studio owner: converting loses their studio, so ask first (spec 1 §4).
      if (!convertExisting && hasErrorCode(error, 'ACCOUNT_EXISTS_STUDIO_OWNER')) {
        const isConfirmed = await confirm({
          title: MESSAGES.convertStudioOwnerTitle,
          message: conversionMessage(error, MESSAGES.convertStudioOwnerBody),
          danger: true,
        });
        return isConfirmed ? submitSignUp(values, true) : undefined;
      }
      // Someone who has not proven owning the email's account learns nothing about it (decision 0018).
      if (hasErrorCode(error, 'ACCOUNT_MAY_EXIST')) {
        setServerError(<AccountMayExistMessage error={error} />);
        return undefined;
      }
      setServerError(readServerMessage(error, MESSAGES.somethingWentWrong));
      return readFieldErrors(error);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={30}>
          Create your account
        </Title>
        <Text c="dimmed" mt={4}>
          Start training with lessons, exercises and classes from top dance teachers.
        </Text>
      </div>
      <SignUpForm
        kind="individual"
        submitLabel="SIGN UP"
        isSubmitting={signUp.isPending}
        serverError={serverError}
        onSubmit={(values) => submitSignUp(values)}
        onEdit={() => setServerError(null)}
        footer={
          <Stack gap={6} align="center">
            <Text size="sm">
              Already have an account?{' '}
              <Anchor component={Link} to="/login" fw={700}>
                Log in
              </Anchor>
            </Text>
            <Text size="sm">
              Running a dance studio?{' '}
              <Anchor component={Link} to="/StudioSignUp" fw={700}>
                Create a studio account
              </Anchor>
            </Text>
          </Stack>
        }
      />
    </Stack>
  );
}
