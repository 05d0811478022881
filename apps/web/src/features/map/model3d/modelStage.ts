import {
  Box3,
  Color,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MODEL_3D, clampZoom, loadingPercent } from './limits';

export interface ModelStageEvents {
  onProgress(percent: number | null): void;
  onLoaded(): void;
  onError(error: unknown): void;
}

export interface ModelStage {
  zoom(factor: number): void;
  setAutoRotate(on: boolean): void;
  reset(): void;
  dispose(): void;
}

const START = new Vector3(1, 0.8, 1).normalize().multiplyScalar(MODEL_3D.fitSize * 1.6);

function disposeTree(root: Object3D) {
  root.traverse((node) => {
    if (!(node instanceof Mesh)) return;
    node.geometry.dispose();
    const materials: Material[] = Array.isArray(node.material) ? node.material : [node.material];
    for (const material of materials) material.dispose();
  });
}

const NO_STAGE: ModelStage = { zoom() {}, setAutoRotate() {}, reset() {}, dispose() {} };

/**
 * A three.js stage in `container`: loads the GLB/glTF at `url`, orbit controls, auto-rotation, zoom 0.5–100.
 * Never throws: without a WebGL context it reports the error (asynchronously) and does nothing.
 */
export function createModelStage(container: HTMLElement, url: string, events: ModelStageEvents): ModelStage {
  let renderer: WebGLRenderer;
  try {
    renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  } catch (error) {
    queueMicrotask(() => events.onError(error));
    return NO_STAGE;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(container.clientWidth, container.clientHeight);
  container.appendChild(renderer.domElement);
  const scene = new Scene();
  scene.background = new Color('#1f2329');
  scene.add(new HemisphereLight(0xffffff, 0x444444, 2.2));
  const sun = new DirectionalLight(0xffffff, 2.5);
  sun.position.set(10, 20, 10);
  scene.add(sun);
  const camera = new PerspectiveCamera(45, container.clientWidth / container.clientHeight, 0.05, 1000);
  camera.position.copy(START);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = true;
  controls.minDistance = MODEL_3D.minZoom;
  controls.maxDistance = MODEL_3D.maxZoom;

  let model: Object3D | null = null;
  let rotating = true;
  let frame = 0;
  let disposed = false;
  const render = () => {
    frame = requestAnimationFrame(render);
    if (model && rotating) model.rotation.y += MODEL_3D.rotationSpeed;
    controls.update();
    renderer.render(scene, camera);
  };
  render();

  const resize = new ResizeObserver(() => {
    if (container.clientWidth === 0 || container.clientHeight === 0) return;
    camera.aspect = container.clientWidth / container.clientHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(container.clientWidth, container.clientHeight);
  });
  resize.observe(container);

  new GLTFLoader().load(
    url,
    (gltf) => {
      if (disposed) return disposeTree(gltf.scene);
      // Centre the model on the origin and scale its largest side to fitSize.
      const box = new Box3().setFromObject(gltf.scene);
      const size = box.getSize(new Vector3());
      const scale = MODEL_3D.fitSize / Math.max(size.x, size.y, size.z, 1e-6);
      gltf.scene.scale.setScalar(scale);
      gltf.scene.position.copy(box.getCenter(new Vector3()).multiplyScalar(-scale));
      model = gltf.scene;
      scene.add(model);
      events.onLoaded();
    },
    (event) => events.onProgress(loadingPercent(event.loaded, event.total)),
    (error) => events.onError(error),
  );

  return {
    zoom(factor) {
      const offset = camera.position.clone().sub(controls.target);
      offset.setLength(clampZoom(offset.length(), factor));
      camera.position.copy(controls.target).add(offset);
    },
    setAutoRotate(on) {
      rotating = on;
    },
    reset() {
      controls.target.set(0, 0, 0);
      camera.position.copy(START);
      if (model) model.rotation.y = 0;
    },
    dispose() {
      disposed = true;
      cancelAnimationFrame(frame);
      resize.disconnect();
      controls.dispose();
      if (model) disposeTree(model);
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
