// Client build: src/client/main.tsx → dist/public (see DESIGN.md §2, §3), and the static landing
// page: dist/public/landing.html with src/client/landing.ts, served at '/' (issue 18).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { SourceMapDevToolPlugin } = require('webpack');

/**
 * Brotli (quality 11) and gzip (level 9) copies of the scripts, made once at build time: the server
 * sends them as they are (@fastify/static preCompressed) instead of gzipping each request at level
 * 4 — on a phone's slow network /dashboard's scripts weigh 15 % less (130 KB instead of 154 KB;
 * issue 18).
 */
class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const zlib = require('node:zlib');
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            const bytes = source.buffer();
            if (!name.endsWith('.js') || bytes.length < 1024) continue;
            const brotli = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(bytes, { level: 9 })));
          }
        },
      );
    });
  }
}

/** Production source maps: written beside the build, never in the served dist/public (issue 16). */
const SOURCE_MAP_DIR = path.resolve(__dirname, 'dist/sourcemaps');

/**
 * @param {{ skipLandingPrerender?: boolean }} env `--env skipLandingPrerender`: tests that only read the
 *   configuration (inside jest, where tsx cannot load the landing page) skip rendering it.
 * @param {{ mode?: string }} argv
 */
module.exports = (env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isDev = mode === 'development';
  const favicon = path.resolve(__dirname, 'public/favicon.svg');
  const plugins = [
    new HtmlWebpackPlugin({
      template: path.resolve(__dirname, 'public/index.html'),
      favicon,
      scriptLoading: 'defer',
      chunks: ['framework', 'libs', 'main'],
    }),
  ];
  if (!isDev) {
    if (!env?.skipLandingPrerender) {
      // The landing page's HTML and CSS rendered now, from the React page (the dev server shows the
      // app's own route instead).
      const { prerenderLanding } = require('tsx/cjs/api').require(
        './src/client/features/landing/landing-prerender.tsx',
        __filename,
      );
      plugins.push(
        new HtmlWebpackPlugin({
          filename: 'landing.html',
          template: path.resolve(__dirname, 'public/landing.html'),
          favicon,
          scriptLoading: 'defer',
          chunks: ['landing'],
          landing: prerenderLanding(),
        }),
      );
    }
    // No `//# sourceMappingURL` comment, and the maps outside the public directory: the sources stay
    // private, and a stack trace from production can still be decoded with dist/sourcemaps.
    plugins.push(
      new PrecompressPlugin(),
      new SourceMapDevToolPlugin({
        filename: `${path.relative(path.resolve(__dirname, 'dist/public'), SOURCE_MAP_DIR)}/[file].map`,
        append: false,
      }),
    );
  }

  // `ANALYZE=1 npx webpack --mode production` writes dist/bundle-report.html (the analyser is a
  // bench-only tool: `npm ci --prefix bench` first).
  if (process.env.ANALYZE) {
    const { BundleAnalyzerPlugin } = require(require.resolve('webpack-bundle-analyzer', { paths: [path.join(__dirname, 'bench')] }));
    plugins.push(
      new BundleAnalyzerPlugin({
        analyzerMode: 'static',
        openAnalyzer: false,
        reportFilename: path.resolve(__dirname, 'dist/bundle-report.html'),
      }),
    );
  }

  return {
    mode,
    // The app's libraries are entries of their own that main depends on: each script's modules
    // are evaluated when it arrives, in its own task, rather than all in main's (issue 18).
    entry: {
      framework: ['react', 'react-dom/client', 'react/jsx-runtime'],
      libs: {
        import: ['react-router-dom', 'react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/query/react', 'redux-persist', 'axios', 'styled-components'],
        dependOn: 'framework',
      },
      main: { import: path.resolve(__dirname, 'src/client/main.tsx'), dependOn: 'libs' },
      ...(isDev ? {} : { landing: path.resolve(__dirname, 'src/client/landing.ts') }),
    },
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      publicPath: '/',
      filename: isDev ? '[name].js' : 'assets/[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].chunk.js' : 'assets/[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    // '@/…' is src/ (tsconfig.json's paths): deep imports without climbing '../../'.
    // react-router 7 maps every export condition to its development build, whose only difference is
    // ENABLE_DEV_WARNINGS = true (the dev-only checks run on every navigation); a production build
    // takes the production one.
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@': path.resolve(__dirname, 'src'),
        ...(isDev
          ? {}
          : {
              'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              compilerOptions: { module: 'esnext', noEmit: false, sourceMap: true },
            },
          },
        },
        { test: /\.(svg|png|ico|jpe?g|webp|woff2?)$/i, type: 'asset/resource' },
        // A feature's index.ts only re-exports its public surface: a page importing one thing through
        // it gets that module, not every module it names (the invoice page took the profile page's
        // reminder settings; issue 18).
        { test: /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
      ],
    },
    devtool: isDev ? 'eval-cheap-module-source-map' : false,
    optimization: {
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: isDev ? false : 'warning', maxEntrypointSize: 430000, maxAssetSize: 400000 },
    plugins,
    devServer: {
      port: 8000,
      historyApiFallback: true,
      hot: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: ['/api'], target: 'http://localhost:8001', changeOrigin: false }],
    },
  };
};
