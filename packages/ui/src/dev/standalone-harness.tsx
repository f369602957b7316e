import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Heading, Input, Stack, Text } from '@chakra-ui/react';

interface StandaloneHarnessProps {
  name: string;
  signedIn: boolean;
  signIn: (email: string, password: string) => Promise<unknown>;
  children: ReactNode;
}

/**
 * Development only: lets a remote run on its own dev server, signed in against the local API,
 * so a team can work on one section without the shell.
 */
export function StandaloneHarness({ name, signedIn, signIn, children }: StandaloneHarnessProps) {
  const [email, setEmail] = useState('director@example.org');
  const [password, setPassword] = useState('demo-pass-2026');
  const [error, setError] = useState('');
  if (signedIn) return <Box p="6">{children}</Box>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    await signIn(email, password).catch((e: Error) => setError(e.message));
  };
  return (
    <Box maxW="sm" mx="auto" mt="16" p="6" bg="bg" borderWidth="1px" borderRadius="lg">
      <form onSubmit={submit}>
        <Stack gap="3">
          <Heading size="md">{name} (standalone)</Heading>
          <Input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Input aria-label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {error && <Text color="red.600">{error}</Text>}
          <Button type="submit" colorPalette="teal">
            Sign in to the local server
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
