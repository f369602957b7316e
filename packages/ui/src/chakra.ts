// The Chakra components the frame, the home and the lists use. Apps import them from @imprest/ui,
// never from Chakra directly, so the shared chunk holds only what is listed here (and system.ts has
// their recipes). Those only forms and record pages use come with @imprest/ui/forms (forms/chakra.ts).
export {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Flex,
  HStack,
  Heading,
  IconButton,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  chakra,
  useBreakpointValue,
} from '@chakra-ui/react';
