import { useStudioSignUp } from '@dance/api-client';
import { MESSAGES, TIMERS } from '@dance/domain';
import { alertDialog, confirm } from '@dance/ui';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFlashStore } from '../../shared/flash-store';
import { hasErrorCode, readFieldErrors, readServerMessage } from '../../shared/server-message';
import { AccountMayExistMessage, conversionMessage } from './account-may-exist';
import { SignUpForm, type SignUpValues } from './sign-up-form';

/** Studio owner sign-up (spec 1 §2, §4): converts an individual account after a warning, never an admin. */
export function StudioSignUpPage() {
  const studioSignUp = useStudioSignUp();
  const navigate = useNavigate();
  const showFlash = useFlashStore((state) => state.showFlash);
  const [serverError, setServerError] = useState<ReactNode>(null);

  async function submitStudioSignUp(
    values: SignUpValues,
    convertExisting = false,
  ): Promise<Record<string, string> | undefined> {
    setServerError(null);
    const { role: _role, ...fields } = values;
    try {
      await studioSignUp.mutateAsync({
        ...fields,
        acceptTerms: true,
        ...(convertExisting ? { convertExisting: true } : {}),
      });
      showFlash(MESSAGES.studioSignUpSuccess, TIMERS.studioSignUpBannerMs);
      navigate('/studioPlans');
      return undefined;
    } catch (error) {
      if (!convertExisting && hasErrorCode(error, 'ACCOUNT_EXISTS_INDIVIDUAL')) {
        const isConfirmed = await confirm({
          title: MESSAGES.convertIndividualTitle,
          message: conversionMessage(error, MESSAGES.convertIndividualBody),
          danger: true,
        });
        return isConfirmed ? submitStudioSignUp(values, true) : undefined;
      }
      if (hasErrorCode(error, 'ADMIN_NOT_CONVERTIBLE')) {
        await alertDialog({ title: 'Studio sign-up', message: MESSAGES.adminNotConvertible });
        return undefined;
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
          Create your studio account
        </Title>
        <Text c="dimmed" mt={4}>
          Studio playlists, seats for your teachers and dancers, and the Teacher Resource Center.
        </Text>
      </div>
      <SignUpForm
        kind="studio"
        submitLabel="CREATE STUDIO ACCOUNT"
        isSubmitting={studioSignUp.isPending}
        serverError={serverError}
        onSubmit={(values) => submitStudioSignUp(values)}
        onEdit={() => setServerError(null)}
        footer={
          <Stack gap={6} align="center">
            <Anchor component={Link} to="/Plans" size="sm" fw={700}>
              Looking for an Individual Account?
            </Anchor>
            <Text size="sm">
              Already have an account?{' '}
              <Anchor component={Link} to="/login" fw={700}>
                Log in
              </Anchor>
            </Text>
          </Stack>
        }
      />
    </Stack>
  );
}
