import { Banner, BannerStack } from '../light-ui/Banner';
import { usePwa } from './pwa-store';
import { TEXT } from '../../strings';

/** The green, blue and purple corner banners of docs/screens.md §Shell; each can be dismissed. */
export function PwaBanners() {
  const { offlineReady, updateAvailable, installPrompt, activateUpdate } = usePwa();
  if (!offlineReady && !updateAvailable && !installPrompt) return null;

  const install = async () => {
    if (!installPrompt) return;
    await installPrompt.prompt();
    const choice = await installPrompt.userChoice;
    if (choice.outcome === 'accepted') usePwa.setState({ installPrompt: null });
  };

  return (
    <BannerStack>
      {offlineReady && <Banner tone="green" title={TEXT.pwa.offlineReady} onDismiss={() => usePwa.setState({ offlineReady: false })} />}
      {updateAvailable && (
        <Banner
          tone="blue"
          title={TEXT.pwa.updateTitle}
          text={TEXT.pwa.updateText}
          actionLabel={TEXT.pwa.reload}
          onAction={() => activateUpdate?.()}
          onDismiss={() => usePwa.setState({ updateAvailable: false })}
        />
      )}
      {installPrompt && (
        <Banner
          tone="purple"
          title={TEXT.pwa.installTitle}
          text={TEXT.pwa.installText}
          actionLabel={TEXT.pwa.install}
          onAction={install}
          onDismiss={() => usePwa.setState({ installPrompt: null })}
        />
      )}
    </BannerStack>
  );
}
